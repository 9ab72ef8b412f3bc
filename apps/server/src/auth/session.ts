import { randomUUID } from "node:crypto";
import { CompiledQuery, type Kysely, sql } from "kysely";
import { type PageFlags, permissionMap } from "../data/actor.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import type { TokenClaims, Tokens } from "./tokens.js";

export type SessionUser = TokenClaims & {
  /** The employee's permissions, read with the session check: a change applies at the next call. */
  permissions: ReadonlyMap<number, PageFlags>;
};

interface SessionRow {
  tokenEpoch: number;
  disabled: boolean;
  empActive: number;
  live: boolean;
  permissions: number[][] | null;
}

// Every request runs this; its text is built once, not compiled again per call. $1 is the
// token's session, $2 its employee. The session is found by its primary key.
const SESSION_QUERY = sql<SessionRow>`
  select a."tokenEpoch", a."disabled", e."empActive",
    exists (select 1 from "authSession" s where s."sessionID" = ${"sid"}::uuid and s."empID" = a."empID"
      and s."expiresAt" > now()) as "live",
    (select json_agg(json_build_array(p."permissionPageID", p."permissionView", p."permissionAdd",
      p."permissionChange", p."permissionDel")) from "tblPermission" p where p."empID" = a."empID") as "permissions"
  from "authAccount" a join "tblEmployee" e on e."empID" = a."empID"
  where a."empID" = ${0}`;

/**
 * Turns an Authorization header into the signed-in user, or a 401. Besides the signature,
 * one query checks what only the database knows: the token's session goes on (no logout, on
 * any server, and not past its end), the account is enabled, its employee active, and the
 * account's token epoch unchanged since (password, disabling, deactivation);
 * the same query reads the employee's permissions, so a request costs one round trip for both.
 */
export function createAuthenticator(db: Kysely<DB>, tokens: Tokens) {
  const text = SESSION_QUERY.compile(db).sql;
  return async function authenticate(header: string | undefined): Promise<SessionUser> {
    const match = header ? /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(header) : null;
    const claims = match?.[1] ? await tokens.verify(match[1]) : null;
    if (!claims) throw AppError.sessionExpired();
    const { rows } = await db.executeQuery<SessionRow>(CompiledQuery.raw(text, [claims.sid, claims.empID]));
    const row = rows[0];
    const valid = row?.live && !row.disabled && row.empActive === 1 && row.tokenEpoch === claims.epoch;
    if (!valid) throw AppError.sessionExpired();
    return { ...claims, permissions: permissionMap(row.permissions) };
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

/**
 * A sign-in starts a session whose end is fixed then: its first token's expiry. Refreshed
 * tokens keep the session and its end, so a session lasts the token lifetime at most.
 */
export async function startSession(db: Kysely<DB>, tokens: Tokens, empID: number, epoch: number): Promise<string> {
  const sid = randomUUID();
  const { token, exp } = await tokens.issue({ empID, epoch, sid });
  await db
    .insertInto("authSession")
    .values({ sessionID: sid, empID, expiresAt: new Date(exp * 1000) })
    .execute();
  return token;
}

/** Logout: the session goes, and with it every token of it, on every server. */
export async function endSession(db: Kysely<DB>, sid: string): Promise<void> {
  await db.deleteFrom("authSession").where("sessionID", "=", sid).execute();
}
