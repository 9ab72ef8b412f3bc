import * as argon2 from "@node-rs/argon2";
import { ERROR_MESSAGES, SESSION_MAX_SECONDS, TOKEN_LIFETIME_SECONDS } from "@office/core";
import { SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changePassword, setAccountDisabled } from "../src/auth/accounts.js";
import { HASH_OPTIONS, verifyPassword } from "../src/auth/passwords.js";
import { THROTTLE_WINDOW_SECONDS } from "../src/auth/throttle.js";
import { appOver, signIn, testApp, tokenOf, withToken } from "./support/app.js";
import { useTestApp } from "./support/context.js";
import { ENGINES, SERVER_ENGINES } from "./support/engines.js";

// The real argon2, watched: a test counts the verifications a sign-in does.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, verify: vi.fn(real.verify) };
});
const argon2Verify = vi.mocked(argon2.verify);

const SECRET = "a test signing secret that is long enough to use";
const key = new TextEncoder().encode(SECRET);

/** The claims of a token (not verified). */
function payloadOf(token: string) {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
}

function bodyWithoutId(response: { json(): Record<string, unknown> }) {
  const { requestId: _, ...rest } = response.json();
  return rest;
}

describe.each(ENGINES)("sign-in on $name", (engine) => {
  // Sessions are this file's subject: its tests sign in for sessions of their own (tokenOf).
  const t = useTestApp(engine, { config: { jwtSecret: SECRET } });
  // Each test starts with no failed sign-ins counted against anyone.
  beforeEach(() => t.db.deleteFrom("authLoginFailure").execute());

  const employeeInfo = (token: string) => t.app.inject(withToken(token, { method: "GET", url: "/API/EmployeeInfo/" }));

  it("signs in a demo account and tells who it is", async () => {
    const response = await signIn(t.app, "staff");
    expect(response.statusCode).toBe(200);
    const info = await employeeInfo(response.json().token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      data: [
        { empID: 2, empFirstName: "Sam", empLastName: "Taylor", empDepartment: expect.any(Number), username: "staff" },
      ],
    });
  });

  it("accepts the username in any case", async () => {
    expect((await signIn(t.app, "ADMIN")).statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown user alike", async () => {
    const wrong = await signIn(t.app, "admin", "not the password", "10.1.0.1");
    const unknown = await signIn(t.app, "nobody-here", "demo", "10.1.0.2");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(bodyWithoutId(wrong)).toEqual({ ...bodyWithoutId(unknown), message: ERROR_MESSAGES.loginFailed });
  });

  it("verifies an argon2id hash of the same cost for an unknown user as for a wrong password", async () => {
    const cost = `$argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=${HASH_OPTIONS.parallelism}$`;
    argon2Verify.mockClear();
    expect((await signIn(t.app, "nobody-here", "demo", "10.1.1.1")).statusCode).toBe(401);
    expect(argon2Verify).toHaveBeenCalledTimes(1);
    const [decoy, tried] = argon2Verify.mock.calls[0] ?? [];
    expect(decoy).toEqual(expect.stringContaining(cost));
    expect(tried).toBe("demo");

    argon2Verify.mockClear();
    expect((await signIn(t.app, "staff", "not the password", "10.1.1.2")).statusCode).toBe(401);
    expect(argon2Verify).toHaveBeenCalledTimes(1);
    expect(argon2Verify.mock.calls[0]?.[0]).toEqual(expect.stringContaining(cost));
    // The decoy itself never matches, not even its own password, and a broken hash is a failure.
    expect(await verifyPassword(undefined, "decoy password, never matches")).toBe(false);
    expect(await verifyPassword("not a hash", "demo")).toBe(false);
  });

  it("refuses a malformed or oversized sign-in body with 400", async () => {
    const cases = [
      {},
      { username: "staff" },
      { username: 7, password: "demo" },
      { username: "staff", password: "x".repeat(300) },
      { username: "staff", password: "demo", extra: 1 },
    ];
    for (const payload of cases) {
      const response = await t.app.inject({ method: "POST", url: "/API/Authenticate/", payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors).toBeTypeOf("object");
    }
  });

  const refresh = (token: string) =>
    t.app.inject(withToken(token, { method: "GET", url: "/authenticate/refreshtoken" }));

  describe("refuses tokens", () => {
    // The claims of a live session of staff's: a forgery below differs from them only in what it forges.
    let claims: Record<string, unknown> = {};
    beforeAll(async () => {
      const { sub, jti, ep, sid, iss } = payloadOf(await tokenOf(t.app, "staff"));
      claims = { sub, jti, ep, sid, iss };
    });
    const now = () => Math.floor(Date.now() / 1000);
    const forged: Record<string, () => Promise<string>> = {
      "with alg none": async () => new UnsecuredJWT(claims).setIssuedAt().setExpirationTime("1h").encode(),
      "of another algorithm": async () =>
        new SignJWT(claims).setProtectedHeader({ alg: "HS512" }).setIssuedAt().setExpirationTime("1h").sign(key),
      "with a bad signature": async () => {
        const token = await new SignJWT(claims)
          .setProtectedHeader({ alg: "HS256" })
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(key);
        const [header, , signature] = token.split(".");
        const payload = Buffer.from(JSON.stringify({ ...claims, sub: "1", iat: now(), exp: now() + 3600 })).toString(
          "base64url",
        );
        return `${header}.${payload}.${signature}`;
      },
      "signed with another secret": async () =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: "HS256" })
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("another secret of sufficient length here!")),
      "without exp": async () => new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt().sign(key),
      "past exp": async () =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: "HS256" })
          .setIssuedAt(now() - 7200)
          .setExpirationTime(now() - 60)
          .sign(key),
      "of another issuer": async () =>
        new SignJWT({ ...claims, iss: "elsewhere" })
          .setProtectedHeader({ alg: "HS256" })
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(key),
      "that are not JWTs": async () => "not-a-token",
      "without a session": async () => {
        const { sid: _, ...sessionless } = claims;
        return new SignJWT(sessionless)
          .setProtectedHeader({ alg: "HS256" })
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(key);
      },
      "of a session that was never started": async () =>
        new SignJWT({ ...claims, sid: "6f9619ff-8b86-4011-b42d-00c04fc964ff" })
          .setProtectedHeader({ alg: "HS256" })
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(key),
    };

    it("signed correctly by the same key (the control)", async () => {
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key);
      expect((await employeeInfo(token)).statusCode).toBe(200);
    });

    for (const [name, make] of Object.entries(forged)) {
      it(name, async () => {
        const response = await employeeInfo(await make());
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe(ERROR_MESSAGES.sessionExpired);
      });
    }

    it("without an Authorization header, or not a Bearer one", async () => {
      expect((await t.app.inject({ method: "GET", url: "/API/EmployeeInfo/" })).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({
            method: "GET",
            url: "/API/EmployeeInfo/",
            headers: { authorization: "Basic c3RhZmY6ZGVtbw==" },
          })
        ).statusCode,
      ).toBe(401);
      expect((await t.app.inject({ method: "POST", url: "/API/Logout/" })).statusCode).toBe(401);
      expect((await t.app.inject({ method: "GET", url: "/authenticate/refreshtoken" })).statusCode).toBe(401);
    });

    it("issued before the account was disabled, and after it is enabled again", async () => {
      const token = await tokenOf(t.app, "staff");
      await setAccountDisabled(t.db, 2, true);
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await signIn(t.app, "staff", "demo", "10.5.0.1")).statusCode).toBe(401);
      await setAccountDisabled(t.db, 2, false);
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await employeeInfo(await tokenOf(t.app, "staff"))).statusCode).toBe(200);
    });

    it("issued before the password changed", async () => {
      const token = await tokenOf(t.app, "staff");
      await changePassword(t.db, 2, "a new password");
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await signIn(t.app, "staff", "demo", "10.6.0.1")).statusCode).toBe(401);
      const fresh = await signIn(t.app, "staff", "a new password", "10.6.0.2");
      expect(fresh.statusCode).toBe(200);
      await changePassword(t.db, 2, "demo");
    });

    it("of an employee deactivated by any write, for good: reactivation does not bring them back", async () => {
      const token = await tokenOf(t.app, "noperm");
      const refreshed = (await refresh(token)).json().token;
      const employee = t.db.updateTable("tblEmployee").where("empID", "=", 3);
      await employee.set({ empActive: 0 }).execute();
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await signIn(t.app, "noperm", "demo", "10.6.1.1")).statusCode).toBe(401);
      await employee.set({ empActive: 1 }).execute();
      for (const old of [token, refreshed]) {
        expect((await employeeInfo(old)).statusCode).toBe(401);
        expect((await refresh(old)).statusCode).toBe(401);
      }
      expect((await employeeInfo(await tokenOf(t.app, "noperm"))).statusCode).toBe(200);
    });

    it("of an employee an administrator deactivated through the data service, and reactivated", async () => {
      const token = await tokenOf(t.app, "noperm");
      const { admin } = t;
      expect((await admin.update("tblEmployee", "empID = 3", { empActive: 0 })).statusCode).toBe(200);
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await admin.update("tblEmployee", "empID = 3", { empActive: 1 })).statusCode).toBe(200);
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await employeeInfo(await tokenOf(t.app, "noperm"))).statusCode).toBe(200);
    });

    it("of a session past its end, whatever the token says", async () => {
      const token = await tokenOf(t.app, "staff");
      const { sid } = payloadOf(token);
      // A token that outlived its session could only be forged, or signed by an older server.
      const longer = await new SignJWT({ ...payloadOf(token), exp: now() + 86_400 })
        .setProtectedHeader({ alg: "HS256" })
        .sign(key);
      expect((await employeeInfo(longer)).statusCode).toBe(200);
      const { expiresAt } = await t.db
        .selectFrom("authSession")
        .select("expiresAt")
        .where("sessionID", "=", sid)
        .executeTakeFirstOrThrow();
      // The session's end comes (the check kept in memory knows it too); the token says a day more.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(expiresAt.getTime() + 1000);
      try {
        expect((await employeeInfo(longer)).statusCode).toBe(401);
        expect((await refresh(longer)).statusCode).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it("ends the whole session on logout: every token of it, refreshed or not, whichever logs out", async () => {
    const first = await tokenOf(t.app, "admin");
    const second = (await refresh(first)).json().token;
    const third = (await refresh(second)).json().token;
    const elsewhere = await tokenOf(t.app, "admin");
    const logout = await t.app.inject(withToken(second, { method: "POST", url: "/API/Logout/" }));
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ status: "success" });
    for (const token of [first, second, third]) {
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await refresh(token)).statusCode).toBe(401);
    }
    // Another sign-in of the same account is another session.
    expect((await employeeInfo(elsewhere)).statusCode).toBe(200);
  });

  it("refreshes a token through a long working day, never past the session's end", async () => {
    const token = await tokenOf(t.app, "staff");
    const signedIn = payloadOf(token);
    const { expiresAt } = await t.db
      .selectFrom("authSession")
      .select("expiresAt")
      .where("sessionID", "=", signedIn.sid)
      .executeTakeFirstOrThrow();
    const end = expiresAt.getTime() / 1000;
    // A session lasts SESSION_MAX_SECONDS (its end and the token's time may fall in two seconds).
    expect(end - signedIn.iat).toBeGreaterThanOrEqual(SESSION_MAX_SECONDS);
    expect(end - signedIn.iat).toBeLessThanOrEqual(SESSION_MAX_SECONDS + 1);
    expect(signedIn.exp).toBe(signedIn.iat + TOKEN_LIFETIME_SECONDS);
    const at = (hours: number) => (signedIn.iat + hours * 3600) * 1000;
    vi.useFakeTimers({ toFake: ["Date"], now: at(7.5) });
    try {
      // Signed in at 8:00 and at work past 16:00: the token refreshed at 15:30 lasts 8 hours from then.
      const response = await refresh(token);
      expect(response.statusCode).toBe(200);
      const { token: late, expire } = response.json();
      expect(late).not.toBe(token);
      expect(expire).toBe(Math.floor(at(7.5) / 1000) + TOKEN_LIFETIME_SECONDS);
      expect(payloadOf(late)).toMatchObject({ sid: signedIn.sid, exp: expire });
      vi.setSystemTime(at(9));
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await employeeInfo(late)).statusCode).toBe(200);
      // Near the session's end a refresh gives what is left of it, and nothing after it.
      vi.setSystemTime(at(14));
      const last = (await refresh(late)).json();
      expect(last.expire).toBe(end);
      vi.setSystemTime(end * 1000 + 1000);
      expect((await employeeInfo(last.token)).statusCode).toBe(401);
      expect((await refresh(last.token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets sessions past their end and failures past the window at the next sign-in", async () => {
    const db = t.db;
    const ended = await tokenOf(t.app, "staff");
    await db
      .updateTable("authSession")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("sessionID", "=", payloadOf(ended).sid)
      .execute();
    const live = await tokenOf(t.app, "staff");
    const stale = new Date(Date.now() - (THROTTLE_WINDOW_SECONDS + 60) * 1000);
    await db
      .insertInto("authLoginFailure")
      .values({ username: "someone", address: "10.9.0.1", createdTS: stale })
      .execute();
    await signIn(t.app, "staff", "wrong", "10.9.0.2");
    const sessions = await db.selectFrom("authSession").select("sessionID").execute();
    expect(sessions.map((row) => row.sessionID)).not.toContain(payloadOf(ended).sid);
    expect(sessions.map((row) => row.sessionID)).toContain(payloadOf(live).sid);
    const failures = await db.selectFrom("authLoginFailure").select("address").execute();
    expect(failures.map((row) => row.address)).toEqual(["10.9.0.2"]);
  });

  it("signs tokens with the lifetime of the spec", async () => {
    const payload = payloadOf(await tokenOf(t.app, "staff"));
    expect(payload.exp - payload.iat).toBe(TOKEN_LIFETIME_SECONDS);
  });
});

describe.each(SERVER_ENGINES)("two server processes on $name", (engine) => {
  it("share the generated signing secret and see each other's logouts", async () => {
    const t = await testApp(engine);
    const other = await appOver(t.testDb, await t.testDb.reopen());
    try {
      const token = await tokenOf(t.app, "staff");
      const info = { method: "GET", url: "/API/EmployeeInfo/" } as const;
      expect((await other.app.inject(withToken(token, info))).statusCode).toBe(200);
      const refreshed = await t.app.inject(withToken(token, { method: "GET", url: "/authenticate/refreshtoken" }));
      await other.app.inject(withToken(refreshed.json().token, { method: "POST", url: "/API/Logout/" }));
      expect((await t.app.inject(withToken(token, info))).statusCode).toBe(401);
      // Failures on one process count on the other.
      for (let i = 0; i < 5; i++) await signIn(t.app, "noperm", "wrong", "10.7.0.1");
      expect((await signIn(other.app, "noperm", "demo", "10.7.0.1")).statusCode).toBe(429);
    } finally {
      await other.app.close();
      await t.close();
    }
  });
});
