import {
  credentialsSchema,
  type EmployeeInfoResponse,
  ERROR_MESSAGES,
  type RefreshResponse,
  type TokenResponse,
} from "@office/core";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";
import { signedInUser } from "../http/access.js";
import { AppError } from "../http/app-error.js";
import { validate } from "../http/validate.js";
import { prepareDecoy, verifyPassword } from "./passwords.js";
import type { Throttle } from "./throttle.js";
import type { Tokens } from "./tokens.js";

interface AuthDeps {
  db: Kysely<DB>;
  tokens: Tokens;
  throttle: Throttle;
}

/** Sign-in, token refresh, the signed-in user and sign-out (DESIGN.md, auth contract). */
export async function authRoutes(app: FastifyInstance, { db, tokens, throttle }: AuthDeps) {
  await prepareDecoy();
  app.post("/API/Authenticate/", { config: { access: "public" } }, async (request): Promise<TokenResponse> => {
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
    { config: { access: "signedIn" } },
    async (request): Promise<RefreshResponse> => {
      const user = signedInUser(request);
      const { token, claims } = await tokens.issue(user.empID, user.epoch);
      return { token, expire: claims.exp };
    },
  );

  app.get("/API/EmployeeInfo/", { config: { access: "signedIn" } }, async (request): Promise<EmployeeInfoResponse> => {
    const user = signedInUser(request);
    const row = await db
      .selectFrom("tblEmployee as e")
      .innerJoin("authAccount as a", "a.empID", "e.empID")
      .select(["e.empID", "e.empFirstName", "e.empLastName", "e.empDepartment", "a.username"])
      .where("e.empID", "=", user.empID)
      .executeTakeFirstOrThrow();
    return { data: [row] };
  });

  app.post("/API/Logout/", { config: { access: "signedIn" } }, async (request) => {
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
