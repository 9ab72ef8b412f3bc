import {
  ACTIVE,
  credentialsSchema,
  type EmployeeInfoResponse,
  ERROR_MESSAGES,
  type RefreshResponse,
  type TokenResponse,
} from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.js";
import { signedInUser } from "../http/access.js";
import { AppError } from "../http/app-error.js";
import { prepareDecoy, verifyPassword } from "./passwords.js";
import { pruneSignIns } from "./prune.js";
import { endSession, type Sessions, startSession } from "./session.js";
import { ADDRESS_LIMIT, PAIR_LIMIT, THROTTLE_WINDOW_SECONDS, type Throttle } from "./throttle.js";
import type { Tokens } from "./tokens.js";

interface AuthDeps {
  db: Kysely<DB>;
  tokens: Tokens;
  sessions: Pick<Sessions, "ended">;
  throttle: Throttle;
}

// What the calls answer (their route schemas); the handlers' types match core's.
const tokenAnswer = z.object({ token: z.string() }) satisfies z.ZodType<TokenResponse>;
const refreshAnswer = z.object({
  token: z.string(),
  expire: z.number().int().describe("expiry of the new token (the session's end), seconds since the epoch"),
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
export async function authRoutes(instance: FastifyInstance, { db, tokens, sessions, throttle }: AuthDeps) {
  await prepareDecoy();
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ["Sign-in"];
  const signIn = {
    config: { access: "public" as const },
    schema: {
      summary:
        `Sign in; past ${PAIR_LIMIT} failures of a username from an address, or ${ADDRESS_LIMIT} from an address, ` +
        `in ${THROTTLE_WINDOW_SECONDS / 60} minutes (fewer for an account guessed at from many), 429 with Retry-After.`,
      tags,
      body: credentialsSchema,
      response: { 200: tokenAnswer },
    },
  };
  app.post("/API/Authenticate/", signIn, async (request): Promise<TokenResponse> => {
    const { username, password } = request.body;
    const key = username.toLowerCase();
    const address = request.ip;
    // Recorded before the password is checked, so that attempts sent at once are counted alike.
    const attempt = await throttle.admit(key, address);
    if (!attempt.admitted) {
      throw new AppError(429, ERROR_MESSAGES.tooManyAttempts, { retryAfterSeconds: attempt.retryAfterSeconds });
    }

    let signedIn = false;
    try {
      const account = await db
        .selectFrom("authAccount as a")
        .innerJoin("tblEmployee as e", "e.empID", "a.empID")
        .select(["a.empID", "a.passwordHash", "a.disabled", "a.tokenEpoch", "e.empActive"])
        .where(sql<string>`lower(a."username")`, "=", key)
        .executeTakeFirst();
      // Unknown user, wrong password, disabled account: the same work, the same answer.
      const matches = await verifyPassword(account?.passwordHash, password);
      await pruneSignIns(db);
      if (!matches || !account || account.disabled || account.empActive !== ACTIVE.code.active) {
        request.log.info({ event: "sign-in failed" }, "sign-in failed");
        throw new AppError(401, ERROR_MESSAGES.loginFailed);
      }
      await throttle.succeeded(key, address, attempt.attemptID);
      signedIn = true;
      const token = await startSession(db, tokens, account.empID, account.tokenEpoch);
      request.log.info({ event: "signed in", empID: account.empID }, "signed in");
      return { token };
    } finally {
      // Whatever ended it, the attempt no longer holds others of this process waiting.
      if (!signedIn) throttle.failed(attempt.attemptID);
    }
  });

  app.get(
    "/authenticate/refreshtoken",
    {
      config: { access: "signedIn" },
      schema: {
        summary:
          "A new token of the same session, with the full lifetime (8 hours) but never past the session's end (18 hours after sign-in).",
        tags,
        response: { 200: refreshAnswer },
      },
    },
    async (request): Promise<RefreshResponse> => {
      const { empID, epoch, sid, sessionEnd } = signedInUser(request);
      const { token, exp: expire } = await tokens.issue({ empID, epoch, sid }, sessionEnd);
      return { token, expire };
    },
  );

  const info = {
    config: { access: "signedIn" as const },
    schema: { summary: "The signed-in user.", tags, response: { 200: employeeInfoAnswer } },
  };
  app.get("/API/EmployeeInfo/", info, async (request): Promise<EmployeeInfoResponse> => {
    const user = signedInUser(request);
    const row = await db
      .selectFrom("tblEmployee as e")
      // An employee viewed as (View as) may have no sign-in of their own.
      .leftJoin("authAccount as a", "a.empID", "e.empID")
      .select(["e.empID", "e.empFirstName", "e.empLastName", "e.empDepartment"])
      .select((eb) => eb.fn.coalesce("a.username", eb.val("")).as("username"))
      .where("e.empID", "=", user.empID)
      .executeTakeFirstOrThrow();
    return { data: [row] };
  });

  const logout = {
    config: { access: "signedIn" as const },
    schema: {
      summary: "Ends the session: every token of it (refreshed ones too), for every server.",
      tags,
      response: { 200: statusAnswer },
    },
  };
  app.post("/API/Logout/", logout, async (request): Promise<z.output<typeof statusAnswer>> => {
    const { sid } = signedInUser(request);
    await endSession(db, sid);
    // Here at once (this process's next call, its live streams); elsewhere by notification.
    sessions.ended(sid);
    return { status: "success" };
  });
}
