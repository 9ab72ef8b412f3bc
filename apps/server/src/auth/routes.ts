import {
  credentialsSchema,
  type EmployeeInfoResponse,
  ERROR_MESSAGES,
  type RefreshResponse,
  type TokenResponse,
} from "@office/core";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import { signedInUser } from "../http/access.js";
import { AppError } from "../http/app-error.js";
import type { RouteDocs } from "../http/openapi.js";
import { validate } from "../http/validate.js";
import { prepareDecoy, verifyPassword } from "./passwords.js";
import type { Throttle } from "./throttle.js";
import type { Tokens } from "./tokens.js";

interface AuthDeps {
  db: Kysely<DB>;
  tokens: Tokens;
  throttle: Throttle;
}

// What the calls answer, for the API documentation; the handlers' types match core's.
const tokenAnswer = z.object({ token: z.string() }) satisfies z.ZodType<TokenResponse>;
const refreshAnswer = z.object({
  token: z.string(),
  expire: z.number().int().describe("expiry of the new token, seconds since the epoch"),
}) satisfies z.ZodType<RefreshResponse>;
const employeeInfoAnswer = z.object({
  data: z.array(
    z.object({
      empID: z.number().int(),
      empFirstName: z.string(),
      empLastName: z.string(),
      empDepartment: z.number().int().nullable(),
      username: z.string(),
    }),
  ),
}) satisfies z.ZodType<EmployeeInfoResponse>;
const statusAnswer = z.object({ status: z.literal("success") });

/** Sign-in, token refresh, the signed-in user and sign-out (DESIGN.md, auth contract). */
export async function authRoutes(app: FastifyInstance, { db, tokens, throttle }: AuthDeps) {
  await prepareDecoy();
  const route = (access: "public" | "signedIn", docs: RouteDocs) => ({ config: { access, docs } });
  const signIn = route("public", {
    summary: "Sign in; five failures per username or address in 15 minutes answer 429 with Retry-After.",
    body: credentialsSchema,
    response: tokenAnswer,
  });
  app.post("/API/Authenticate/", signIn, async (request): Promise<TokenResponse> => {
    const { username, password } = validate(credentialsSchema, request.body);
    const key = username.toLowerCase();
    const address = request.ip;
    // Recorded before the password is checked, so that attempts sent at once are counted alike.
    const attempt = await throttle.admit(key, address);
    if (!attempt.admitted) {
      throw new AppError(429, ERROR_MESSAGES.tooManyAttempts, { retryAfterSeconds: attempt.retryAfterSeconds });
    }

    const account = await db
      .selectFrom("authAccount as a")
      .innerJoin("tblEmployee as e", "e.empID", "a.empID")
      .select(["a.empID", "a.passwordHash", "a.disabled", "a.tokenEpoch", "e.empActive"])
      .where(sql<string>`lower(a."username")`, "=", key)
      .executeTakeFirst();
    // Unknown user, wrong password, disabled account: the same work, the same answer.
    const matches = await verifyPassword(account?.passwordHash, password);
    if (!matches || !account || account.disabled || account.empActive !== 1) {
      await throttle.failed();
      request.log.info({ event: "sign-in failed" }, "sign-in failed");
      throw new AppError(401, ERROR_MESSAGES.loginFailed);
    }
    await throttle.succeeded(key, attempt.attemptID);
    const { token } = await tokens.issue(account.empID, account.tokenEpoch);
    request.log.info({ event: "signed in", empID: account.empID }, "signed in");
    return { token };
  });

  app.get(
    "/authenticate/refreshtoken",
    route("signedIn", { summary: "A new token for the session, with the full lifetime.", response: refreshAnswer }),
    async (request): Promise<RefreshResponse> => {
      const user = signedInUser(request);
      const { token, claims } = await tokens.issue(user.empID, user.epoch);
      return { token, expire: claims.exp };
    },
  );

  const info = route("signedIn", { summary: "The signed-in user.", response: employeeInfoAnswer });
  app.get("/API/EmployeeInfo/", info, async (request): Promise<EmployeeInfoResponse> => {
    const user = signedInUser(request);
    const row = await db
      .selectFrom("tblEmployee as e")
      .innerJoin("authAccount as a", "a.empID", "e.empID")
      .select(["e.empID", "e.empFirstName", "e.empLastName", "e.empDepartment", "a.username"])
      .where("e.empID", "=", user.empID)
      .executeTakeFirstOrThrow();
    return { data: [row] };
  });

  const logout = route("signedIn", { summary: "Revokes the token, for every server.", response: statusAnswer });
  app.post("/API/Logout/", logout, async (request): Promise<z.input<typeof statusAnswer>> => {
    const user = signedInUser(request);
    await db
      .insertInto("authRevokedToken")
      .values({ jti: user.jti, expiresAt: new Date(user.exp * 1000) })
      .onConflict((oc) => oc.column("jti").doNothing())
      .execute();
    // A revoked token past its expiry is refused by its signature alone: forget it.
    await db.deleteFrom("authRevokedToken").where("expiresAt", "<", new Date()).execute();
    return { status: "success" };
  });
}
