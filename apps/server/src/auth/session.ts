import { randomUUID } from "node:crypto";
import { ACTIVE, type PageFlags, SESSION_MAX_SECONDS } from "@office/core";
import { CompiledQuery, type Kysely, sql } from "kysely";
import { permissionMap } from "../data/actor.js";
import { asCaller, SYSTEM } from "../db/caller.js";
import type { Database } from "../db/database.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import type { TokenClaims, Tokens } from "./tokens.js";

export type SessionUser = TokenClaims & {
  /** The employee's permissions: a change applies at the caller's next call (below). */
  permissions: ReadonlyMap<number, PageFlags>;
  /** When the session ends (seconds since the epoch): no token of it outlives this. */
  sessionEnd: number;
};

/** What a change of sign-ins or rights concerns: a session that ended, or an employee's account or rights. */
export type AuthChange = { sid: string } | { empID: number } | { all: true };

/** How often a process asks whether it missed a change (migration 0014), at most. */
export const VERSION_CHECK_MS = 2_000;
/** Ended sessions remembered, so that their tokens are refused without asking the database; and sessions kept before the expired go. */
const ENDED_KEPT = 10_000;

interface SessionRow {
  tokenEpoch: number;
  disabled: boolean;
  empActive: number;
  /** The token's session's end, if it goes on (not logged out); null otherwise. */
  expiresAt: Date | null;
  permissions: number[][] | null;
}

/** What is kept of an account: whether it may sign in, the epoch its tokens must carry, its rights. */
interface Account {
  usable: boolean;
  tokenEpoch: number;
  permissions: ReadonlyMap<number, PageFlags>;
}

/** A session's check: its account, and when it ends (ms). */
interface Checked {
  account: Account;
  endsAt: number;
}

// The text is built once, not compiled again per call. $1 is the token's session, $2 its
// employee; the session is found by its primary key.
const SESSION_QUERY = sql<SessionRow>`
  select a."tokenEpoch", a."disabled", e."empActive",
    (select s."expiresAt" from "authSession" s where s."sessionID" = ${"sid"}::uuid and s."empID" = a."empID") as "expiresAt",
    (select json_agg(json_build_array(p."permissionPageID", p."permissionView", p."permissionAdd",
      p."permissionChange", p."permissionDel")) from "tblPermission" p where p."empID" = a."empID") as "permissions"
  from "authAccount" a join "tblEmployee" e on e."empID" = a."empID"
  where a."empID" = ${0}`;

export interface SessionOptions {
  /** VERSION_CHECK_MS unless a test says otherwise (0: before every call). */
  versionCheckMs?: number;
}

/**
 * The session check of every call, kept in each process. A token's signature and expiry are
 * checked here; what only the database knows (the session goes on: no logout, on any server;
 * the account enabled, its employee active, its token epoch unchanged; the employee's
 * permissions) is read once per session and account and kept, so that a call costs no
 * statement: under a flood, the database's turns go to work, not to asking who is calling.
 *
 * What is kept is forgotten when it changes: at once in the process that changed it (`ended`,
 * `changed`), and in every other when the database's notification arrives (migration 0014,
 * milliseconds). A process that lost its listening connection forgets everything when it is
 * back; and it asks the count of changes at most every VERSION_CHECK_MS while calls come, so a
 * notification lost any other way keeps nothing for longer than that. Ended sessions are
 * remembered (a session never comes back), so a revoked token is refused from memory.
 */
export async function createSessions(database: Database, tokens: Tokens, options: SessionOptions = {}) {
  const { db } = database;
  const versionCheckMs = options.versionCheckMs ?? VERSION_CHECK_MS;
  const text = SESSION_QUERY.compile(db).sql;
  const accounts = new Map<number, Account>();
  const sessionEnds = new Map<string, number>();
  const ended = new Set<string>();
  const listeners = new Set<(change: AuthChange) => void>();
  // Moves on at every change: a read begun before it is not kept, as it may be of before.
  let generation = 0;
  let version: number | undefined;
  let checked = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | undefined;

  const endSession = (sid: string) => {
    if (ended.size >= ENDED_KEPT) ended.delete(ended.values().next().value as string);
    ended.add(sid);
    sessionEnds.delete(sid);
  };
  const keepSession = (sid: string, endsAt: number) => {
    // Sessions past their end are dropped when many are kept: their tokens have expired too.
    if (sessionEnds.size >= ENDED_KEPT) {
      const now = Date.now();
      for (const [kept, end] of sessionEnds) if (end <= now) sessionEnds.delete(kept);
    }
    sessionEnds.set(sid, endsAt);
  };
  const apply = (change: AuthChange) => {
    generation++;
    if ("sid" in change) endSession(change.sid);
    else if ("empID" in change) accounts.delete(change.empID);
    else {
      accounts.clear();
      sessionEnds.clear();
    }
    for (const listener of listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own; thrown from here it would end the notification's caller.
      }
    }
  };
  const unlisten = await database.listen("office_auth", {
    onPayload(payload) {
      const [kind, subject = ""] = [payload.slice(0, 1), payload.slice(2)];
      if (kind === "s") apply({ sid: subject });
      else if (kind === "e" && Number.isSafeInteger(Number(subject))) apply({ empID: Number(subject) });
    },
    onGap: () => apply({ all: true }),
  });

  /** Asks the count of changes; a move means a change went unheard. */
  const askCount = async () => {
    const row = await db.selectFrom("authChange").select("version").executeTakeFirst();
    const now = Number(row?.version ?? 0);
    if (version !== undefined && now !== version) apply({ all: true });
    version = now;
    checked = performance.now();
  };
  /**
   * Asks the count when it is due, in the background as the server's own work: a call does not
   * wait for it (on PGlite, behind a statement in progress) but is answered from what is kept.
   * With 0, before every call, and the call waits (tests).
   */
  const fresh = () => {
    if (versionCheckMs === 0) return askCount();
    if (checking || performance.now() - checked < versionCheckMs) return;
    checking = asCaller({ key: SYSTEM }, askCount)
      .catch(() => {
        // The database is unreachable: the call's own statements will say so; asked again when due.
      })
      .finally(() => {
        checking = undefined;
      });
  };

  // Calls of one session that find nothing kept wait for one read of it, not one each.
  const loading = new Map<string, Promise<Checked | undefined>>();
  const loadOnce = (claims: TokenClaims) => {
    let load = loading.get(claims.sid);
    if (!load) {
      load = read(claims).finally(() => loading.delete(claims.sid));
      loading.set(claims.sid, load);
    }
    return load;
  };
  /** What the database says now; kept unless something changed while it was read. */
  const read = async (claims: TokenClaims): Promise<Checked | undefined> => {
    const since = generation;
    const { rows } = await db.executeQuery<SessionRow>(CompiledQuery.raw(text, [claims.sid, claims.empID]));
    const row = rows[0];
    if (!row) return undefined;
    const account = {
      usable: !row.disabled && row.empActive === ACTIVE.code.active,
      tokenEpoch: row.tokenEpoch,
      permissions: permissionMap(row.permissions),
    };
    const endsAt = row.expiresAt?.getTime() ?? 0;
    // A logged-out session is gone for good; one past its end is refused by its tokens' expiry.
    if (!row.expiresAt) endSession(claims.sid);
    else if (since === generation) keepSession(claims.sid, endsAt);
    if (since === generation) accounts.set(claims.empID, account);
    return { account, endsAt };
  };

  /** The signed-in user of a token's claims, or a 401. */
  async function check(claims: TokenClaims): Promise<SessionUser> {
    if (ended.has(claims.sid)) throw AppError.sessionExpired();
    await fresh();
    const account = accounts.get(claims.empID);
    const endsAt = sessionEnds.get(claims.sid);
    const found = account && endsAt !== undefined ? { account, endsAt } : await loadOnce(claims);
    if (!found?.account.usable || found.account.tokenEpoch !== claims.epoch || found.endsAt <= Date.now())
      throw AppError.sessionExpired();
    return { ...claims, permissions: found.account.permissions, sessionEnd: Math.floor(found.endsAt / 1000) };
  }

  /** A token's claims from an Authorization header, or a 401: no database needed. */
  async function claimsOf(header: string | undefined): Promise<TokenClaims> {
    const match = header ? /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(header) : null;
    const claims = match?.[1] ? await tokens.verify(match[1]) : null;
    if (!claims) throw AppError.sessionExpired();
    return claims;
  }

  return {
    claimsOf,
    check,
    /** Turns an Authorization header into the signed-in user, or a 401. */
    authenticate: async (header: string | undefined) => check(await claimsOf(header)),
    /** This process ended a session (logout): its tokens are refused here from now on. */
    ended: (sid: string) => apply({ sid }),
    /** This process changed an employee's sign-in or rights (none named: any employee's). */
    changed: (empID?: number) => apply(empID === undefined ? { all: true } : { empID }),
    /** Hears every change, made here or heard of (the live streams end theirs). */
    onChange(listener: (change: AuthChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => unlisten(),
  };
}

export type Sessions = Awaited<ReturnType<typeof createSessions>>;
export type Authenticator = Sessions["authenticate"];

/**
 * A sign-in starts a session whose end is fixed then: SESSION_MAX_SECONDS later. Its tokens
 * last the token lifetime, and a refresh gives a new one while the session lasts, never past
 * its end: an active user is never signed out mid-day, and nobody stays signed in for good.
 */
export async function startSession(db: Kysely<DB>, tokens: Tokens, empID: number, epoch: number): Promise<string> {
  const sid = randomUUID();
  const end = Math.floor(Date.now() / 1000) + SESSION_MAX_SECONDS;
  await db
    .insertInto("authSession")
    .values({ sessionID: sid, empID, expiresAt: new Date(end * 1000) })
    .execute();
  return (await tokens.issue({ empID, epoch, sid }, end)).token;
}

/** Logout: the session goes, and with it every token of it, on every server. */
export async function endSession(db: Kysely<DB>, sid: string): Promise<void> {
  await db.deleteFrom("authSession").where("sessionID", "=", sid).execute();
}
