import * as argon2 from "@node-rs/argon2";
import { ERROR_MESSAGES } from "@office/core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ADDRESS_LIMIT, PAIR_LIMIT, THROTTLE_WINDOW_SECONDS, USERNAME_LIMIT } from "../src/auth/throttle.js";
import { appOver, type TestApp, testApp } from "./support/app.js";
import { employeeWithLogin } from "./support/cards.js";
import { useTestApp } from "./support/context.js";
import { ENGINES, SERVER_ENGINES } from "./support/engines.js";

// The real argon2, watched: the tests count the passwords the throttle lets be checked.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, verify: vi.fn(real.verify) };
});
const argon2Verify = vi.mocked(argon2.verify);

type App = TestApp["app"];

/** A sign-in from an address (the socket's), with whatever X-Forwarded-For claims. */
function attempt(app: App, username: string, password: string, address: string, forwardedFor?: string) {
  return app.inject({
    method: "POST",
    url: "/API/Authenticate/",
    payload: { username, password },
    remoteAddress: address,
    ...(forwardedFor ? { headers: { "x-forwarded-for": forwardedFor } } : {}),
  });
}

/** Fails `count` times, each answered 401 (a real check of the password). */
async function fail(app: App, username: string, address: string, count = 1) {
  for (let i = 0; i < count; i++) {
    expect((await attempt(app, username, "wrong", address)).statusCode).toBe(401);
  }
}

function expectThrottled(response: Awaited<ReturnType<typeof attempt>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toBe(ERROR_MESSAGES.tooManyAttempts);
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_SECONDS);
}

describe.each(ENGINES)("sign-in throttling on $name", (engine) => {
  const t = useTestApp(engine);
  beforeEach(async () => {
    await t.db.deleteFrom("authLoginFailure").execute();
    argon2Verify.mockClear();
  });

  describe("the guesser", () => {
    it("gets 429 with Retry-After past five guesses at an account from one address, the right password too", async () => {
      await fail(t.app, "staff", "10.1.0.1", PAIR_LIMIT);
      argon2Verify.mockClear();
      expectThrottled(await attempt(t.app, "staff", "wrong", "10.1.0.1"));
      // The right password is refused before it is checked: a 429 tells nothing of the password.
      expectThrottled(await attempt(t.app, "staff", "demo", "10.1.0.1"));
      expect(argon2Verify).not.toHaveBeenCalled();
    });

    it("cannot reset the count with X-Forwarded-For (without TRUST_PROXY the address is the socket's)", async () => {
      for (let i = 0; i < PAIR_LIMIT; i++) {
        expect((await attempt(t.app, "staff", "wrong", "10.1.1.1", `192.0.2.${i}`)).statusCode).toBe(401);
      }
      expectThrottled(await attempt(t.app, "staff", "demo", "10.1.1.1", "192.0.2.200"));
    });

    it("gets 429 past the address's limit, whichever usernames it tries", async () => {
      for (let i = 0; i < ADDRESS_LIMIT; i++) await fail(t.app, `guess${i}`, "10.1.2.1");
      expectThrottled(await attempt(t.app, "admin", "demo", "10.1.2.1"));
      expectThrottled(await attempt(t.app, "someone-new", "x", "10.1.2.1"));
    });

    it("has at most five passwords checked of many sent at once from one address", async () => {
      const burst = await t.together(20, (i) => attempt(t.app, "Staff", "wrong", "10.1.3.1", `192.0.2.${i}`));
      const statuses = burst.map((response) => response.statusCode);
      const checked = statuses.filter((status) => status === 401).length;
      expect(checked).toBeLessThanOrEqual(PAIR_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - checked);
      expect(argon2Verify).toHaveBeenCalledTimes(checked);
      for (const response of burst.filter((r) => r.statusCode === 429)) expectThrottled(response);
      // Refused attempts leave no trace: failures go on counting up to the limit, then stop.
      let more = 0;
      while ((await attempt(t.app, "staff", "wrong", "10.1.3.1")).statusCode === 401) more++;
      expect(checked + more).toBe(PAIR_LIMIT);
      expect(argon2Verify).toHaveBeenCalledTimes(PAIR_LIMIT);
    });

    it("guessing one account from many addresses: past five failures, an address that failed gets no more tries", async () => {
      for (let i = 0; i < USERNAME_LIMIT; i++) await fail(t.app, "staff", `10.2.0.${i}`);
      argon2Verify.mockClear();
      // Each of them is under its own limit, yet the account is being guessed at: no further guess.
      for (let i = 0; i < USERNAME_LIMIT; i++) expectThrottled(await attempt(t.app, "staff", "demo", `10.2.0.${i}`));
      // A new address gets one guess, not five.
      await fail(t.app, "staff", "10.2.1.1");
      expectThrottled(await attempt(t.app, "staff", "wrong", "10.2.1.1"));
      expect(argon2Verify).toHaveBeenCalledTimes(1);
    });

    it("guessing one account from many addresses at once: a new address has one password checked", async () => {
      for (let i = 0; i < USERNAME_LIMIT; i++) await fail(t.app, "staff", `10.2.2.${i}`);
      argon2Verify.mockClear();
      const burst = await t.together(10, () => attempt(t.app, "staff", "wrong", "10.2.3.1"));
      const statuses = burst.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(1);
      expect(argon2Verify.mock.calls.length).toBeLessThanOrEqual(1);
    });

    it("is throttled alike for unknown usernames and known ones", async () => {
      for (const username of ["ghost", "staff"]) {
        await fail(t.app, username, "10.3.0.1", PAIR_LIMIT);
        expectThrottled(await attempt(t.app, username, "wrong", "10.3.0.1"));
        for (let i = 1; i < USERNAME_LIMIT; i++) await fail(t.app, username, `10.3.1.${i}`);
        expectThrottled(await attempt(t.app, username, "wrong", "10.3.1.1"));
      }
    });

    it("is not reset by the owner signing in elsewhere", async () => {
      await fail(t.app, "staff", "10.4.0.1", PAIR_LIMIT);
      expect((await attempt(t.app, "staff", "demo", "10.4.0.2")).statusCode).toBe(200);
      expectThrottled(await attempt(t.app, "staff", "wrong", "10.4.0.1"));
    });
  });

  describe("the owner", () => {
    it("signs in from their own address while someone fails at their account from another", async () => {
      await fail(t.app, "staff", "10.5.0.1", PAIR_LIMIT);
      expectThrottled(await attempt(t.app, "staff", "wrong", "10.5.0.1"));
      expect((await attempt(t.app, "staff", "demo", "10.5.0.2")).statusCode).toBe(200);
    });

    it("signs in while their account is guessed at from many addresses", async () => {
      for (let i = 0; i < 3 * USERNAME_LIMIT; i++) await fail(t.app, "staff", `10.5.1.${i}`);
      expect((await attempt(t.app, "staff", "demo", "10.5.2.1")).statusCode).toBe(200);
    });

    it("signs in from another address after one address tried made-up usernames, and from it too", async () => {
      for (let i = 0; i < PAIR_LIMIT; i++) await fail(t.app, `made-up-${i}`, "10.6.0.1");
      expect((await attempt(t.app, "staff", "demo", "10.6.0.2")).statusCode).toBe(200);
      // Five made-up names are under the address's limit: its own users still sign in.
      expect((await attempt(t.app, "admin", "demo", "10.6.0.1")).statusCode).toBe(200);
      for (let i = PAIR_LIMIT; i < ADDRESS_LIMIT; i++) await fail(t.app, `made-up-${i}`, "10.6.0.1");
      expectThrottled(await attempt(t.app, "admin", "demo", "10.6.0.1"));
      expect((await attempt(t.app, "admin", "demo", "10.6.0.2")).statusCode).toBe(200);
    });

    it("are all signed in when many sign in at once from one address, the same account or many", async () => {
      // The same person in many tabs, and a whole office behind one address arriving together.
      const sameAccount = await t.together(3 * PAIR_LIMIT, () => attempt(t.app, "staff", "demo", "10.7.1.1"));
      expect(sameAccount.map((response) => response.statusCode)).toEqual(sameAccount.map(() => 200));
      const office = await Promise.all(
        Array.from({ length: ADDRESS_LIMIT + 5 }, async (_, i) => {
          await employeeWithLogin(t.db, `Arriving${i}`, null);
          return `arriving${i}`;
        }),
      );
      const arrivals = await t.together(
        ...office.map((username) => () => attempt(t.app, username, "demo", "10.7.2.1")),
      );
      expect(arrivals.map((response) => response.statusCode)).toEqual(arrivals.map(() => 200));
      // Guesses sent at once are still counted against each other.
      argon2Verify.mockClear();
      const guesses = await t.together(12, () => attempt(t.app, "admin", "wrong", "10.7.1.1"));
      expect(guesses.filter((response) => response.statusCode === 401)).toHaveLength(PAIR_LIMIT);
      expect(argon2Verify).toHaveBeenCalledTimes(PAIR_LIMIT);
    });

    it("starts afresh from their address after signing in: their own mistakes are forgotten", async () => {
      await fail(t.app, "staff", "10.7.0.1", PAIR_LIMIT - 1);
      expect((await attempt(t.app, "staff", "demo", "10.7.0.1")).statusCode).toBe(200);
      await fail(t.app, "staff", "10.7.0.1", PAIR_LIMIT - 1);
      expect((await attempt(t.app, "staff", "demo", "10.7.0.1")).statusCode).toBe(200);
    });
  });
});

describe.each(SERVER_ENGINES)("sign-in throttling across server processes on $name", (engine) => {
  it("counts failures on one process against attempts on the other", async () => {
    const t = await testApp(engine);
    const other = await appOver(t.testDb, await t.testDb.reopen());
    try {
      await fail(t.app, "noperm", "10.8.0.1", PAIR_LIMIT);
      expectThrottled(await attempt(other.app, "noperm", "demo", "10.8.0.1"));
      expect((await attempt(other.app, "noperm", "demo", "10.8.0.2")).statusCode).toBe(200);
    } finally {
      await other.app.close();
      await t.close();
    }
  });
});
