import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type TestApp, type TestAppOptions, testApp, tokenOf } from "./app.js";
import { clientOver, type DataClient } from "./data.js";
import type { TestEngine } from "./engines.js";

/** An account's calls, signed in at its first call of the file and then kept. */
export interface AccountClient extends DataClient {
  token(): Promise<string>;
  /** A new session, for a test that ended the one kept. */
  signInAgain(): Promise<string>;
}

export interface TestContext extends Omit<TestApp, "close"> {
  db: TestApp["database"]["db"];
  admin: AccountClient;
  staff: AccountClient;
  noperm: AccountClient;
  /** Any other account (a username: an employee a test gave a sign-in). */
  as(username: string): AccountClient;
  until: typeof until;
  together: typeof together;
}

/**
 * The app a describe block's tests call: built in its beforeAll over a copy of the seeded
 * template, closed in its afterAll. Its properties are read inside tests and later hooks; the
 * clients may be taken at once, as they sign in when first used: one argon2 check per account
 * and file (about 15 ms), and none for an account the file never calls.
 */
export function useTestApp(engine: TestEngine, options?: TestAppOptions): TestContext {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await testApp(engine, options);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error("the test app is built in beforeAll: read it inside a test or a later hook");
    return built;
  };
  const clients = new Map<string, AccountClient>();
  const as = (username: string) => {
    let client = clients.get(username);
    if (!client) {
      client = accountClient(() => current().app, username);
      clients.set(username, client);
    }
    return client;
  };
  return {
    get app() {
      return current().app;
    },
    get lifecycle() {
      return current().lifecycle;
    },
    get database() {
      return current().database;
    },
    get db() {
      return current().database.db;
    },
    get testDb() {
      return current().testDb;
    },
    get logs() {
      return current().logs;
    },
    admin: as("admin"),
    staff: as("staff"),
    noperm: as("noperm"),
    as,
    until,
    together,
  };
}

function accountClient(app: () => FastifyInstance, username: string): AccountClient {
  let session: Promise<string> | undefined;
  const signInAgain = () => {
    const attempt = tokenOf(app(), username);
    session = attempt;
    // A failed sign-in is not kept: the next call tries again.
    attempt.catch(() => {
      if (session === attempt) session = undefined;
    });
    return attempt;
  };
  const token = () => session ?? signInAgain();
  return {
    ...clientOver(async (options) => {
      const authorization = `Bearer ${await token()}`;
      return app().inject({ ...options, headers: { ...options.headers, authorization } });
    }),
    token,
    signInAgain,
  };
}

type Truthy<T> = Exclude<T, false | 0 | "" | null | undefined>;

/**
 * Asks `condition` again every 20 ms until it answers something truthy, and answers that: for
 * what is heard later (a notification, a lock taken by another connection), never a sleep.
 */
export async function until<T>(condition: () => T | Promise<T>, { timeout = 5_000 } = {}): Promise<Truthy<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const answer = await condition();
    if (answer) return answer as Truthy<T>;
    if (Date.now() > deadline) {
      throw new Error(`did not hold within ${timeout} ms (last: ${JSON.stringify(answer)}): ${condition}`);
    }
    await sleep(20);
  }
}

type Results<T extends readonly (() => unknown)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Starts the calls at once (or `count` of one), and answers their results in order once every
 * one has settled: a failure is thrown only then, so no call outlives its test.
 */
export function together<T extends readonly (() => unknown)[]>(...calls: T): Promise<Results<T>>;
export function together<T>(count: number, call: (index: number) => Promise<T>): Promise<T[]>;
export async function together(...args: unknown[]): Promise<unknown[]> {
  const [first, call] = args;
  const calls = (
    typeof first === "number"
      ? Array.from({ length: first }, (_, i) => () => (call as (i: number) => unknown)(i))
      : args
  ) as Array<() => unknown>;
  const settled = await Promise.allSettled(calls.map(async (start) => start()));
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value);
}
