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
  revoked: boolean;
  permissions: number[][] | null;
}

// Every request runs this; its text is built once, not compiled again per call. $1 is the
// token's jti, $2 its employee.
const SESSION_QUERY = sql<SessionRow>`
  select a."tokenEpoch", a."disabled", e."empActive",
    exists (select 1 from "authRevokedToken" r where r."jti" = ${"jti"}::uuid) as "revoked",
    (select json_agg(json_build_array(p."permissionPageID", p."permissionView", p."permissionAdd",
      p."permissionChange", p."permissionDel")) from "tblPermission" p where p."empID" = a."empID") as "permissions"
  from "authAccount" a join "tblEmployee" e on e."empID" = a."empID"
  where a."empID" = ${0}`;

/**
 * Turns an Authorization header into the signed-in user, or a 401. Besides the signature,
 * one query checks what only the database knows: the token is not revoked (logout, on any
 * server), the account is enabled, its employee active, and the password unchanged since;
 * the same query reads the employee's permissions, so a request costs one round trip for both.
 */
export function createAuthenticator(db: Kysely<DB>, tokens: Tokens) {
  const text = SESSION_QUERY.compile(db).sql;
  return async function authenticate(header: string | undefined): Promise<SessionUser> {
    const match = header ? /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(header) : null;
    const claims = match?.[1] ? await tokens.verify(match[1]) : null;
    if (!claims) throw AppError.sessionExpired();
    const { rows } = await db.executeQuery<SessionRow>(CompiledQuery.raw(text, [claims.jti, claims.empID]));
    const row = rows[0];
    const valid = row && !row.revoked && !row.disabled && row.empActive === 1 && row.tokenEpoch === claims.epoch;
    if (!valid) throw AppError.sessionExpired();
    return { ...claims, permissions: permissionMap(row.permissions) };
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
