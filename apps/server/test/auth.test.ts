import * as argon2 from "@node-rs/argon2";
import { ERROR_MESSAGES, TOKEN_LIFETIME_SECONDS } from "@office/core";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changePassword, setAccountDisabled } from "../src/auth/accounts.js";
import { HASH_OPTIONS, verifyPassword } from "../src/auth/passwords.js";
import { appOver, signIn, type TestApp, testApp, tokenOf, withToken } from "./support/app.js";
import { ENGINES, SERVER_ENGINES } from "./support/engines.js";

// The real argon2, watched: a test counts the verifications a sign-in does.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, verify: vi.fn(real.verify) };
});
const argon2Verify = vi.mocked(argon2.verify);

const SECRET = "a test signing secret that is long enough to use";
const key = new TextEncoder().encode(SECRET);

function bodyWithoutId(response: { json(): Record<string, unknown> }) {
  const { requestId: _, ...rest } = response.json();
  return rest;
}

describe.each(ENGINES)("sign-in on $name", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine, { config: { jwtSecret: SECRET } });
  });
  afterAll(() => t?.close());
  // Each test starts with no failed sign-ins counted against anyone.
  beforeEach(() => t.database.db.deleteFrom("authLoginFailure").execute());

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

  it("throttles a username after five failures, from any address, whatever X-Forwarded-For says", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t.app, "noperm", "wrong", `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: "POST",
      url: "/API/Authenticate/",
      payload: { username: "noperm", password: "demo" },
      remoteAddress: "10.2.1.1",
      headers: { "x-forwarded-for": "192.0.2.77" },
    });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.json().message).toBe(ERROR_MESSAGES.tooManyAttempts);
    // Other accounts are not locked out by it.
    expect((await signIn(t.app, "staff", "demo", "10.2.1.2")).statusCode).toBe(200);
  });

  it("checks at most five of many attempts sent at once, and keeps counting from any address", async () => {
    const attempt = (i: number, password = "wrong") =>
      t.app.inject({
        method: "POST",
        url: "/API/Authenticate/",
        payload: { username: "Staff", password },
        remoteAddress: `10.8.0.${i}`,
        headers: { "x-forwarded-for": `192.0.2.${i}` },
      });
    argon2Verify.mockClear();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i)));
    const statuses = burst.map((response) => response.statusCode);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - checked);
    expect(argon2Verify).toHaveBeenCalledTimes(checked);
    for (const response of burst.filter((r) => r.statusCode === 429)) {
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Refused attempts leave no trace; failures go on counting until the fifth, from new addresses.
    let more = 0;
    while ((await attempt(100 + more)).statusCode === 401) more++;
    expect(checked + more).toBe(5);
    // The right password from yet another address, with another X-Forwarded-For, is refused too.
    expect((await attempt(200, "demo")).statusCode).toBe(429);
    expect(argon2Verify).toHaveBeenCalledTimes(5);
  });

  it("throttles an address after five failures, whichever usernames it tries", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t.app, `guess${i}`, "wrong", "10.3.0.1")).statusCode).toBe(401);
    }
    expect((await signIn(t.app, "admin", "demo", "10.3.0.1")).statusCode).toBe(429);
    expect((await signIn(t.app, "admin", "demo", "10.3.0.2")).statusCode).toBe(200);
  });

  it("throttles unknown usernames the same as known ones", async () => {
    for (let i = 0; i < 5; i++) await signIn(t.app, "ghost", "wrong", `10.4.0.${i}`);
    expect((await signIn(t.app, "ghost", "wrong", "10.4.1.1")).statusCode).toBe(429);
  });

  describe("refuses tokens", () => {
    const claims = { sub: "2", jti: "6f9619ff-8b86-4011-b42d-00c04fc964ff", ep: 0, iss: "office" };
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
      await setAccountDisabled(t.database.db, 2, true);
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await signIn(t.app, "staff", "demo", "10.5.0.1")).statusCode).toBe(401);
      await setAccountDisabled(t.database.db, 2, false);
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await employeeInfo(await tokenOf(t.app, "staff"))).statusCode).toBe(200);
    });

    it("issued before the password changed", async () => {
      const token = await tokenOf(t.app, "staff");
      await changePassword(t.database.db, 2, "a new password");
      expect((await employeeInfo(token)).statusCode).toBe(401);
      expect((await signIn(t.app, "staff", "demo", "10.6.0.1")).statusCode).toBe(401);
      const fresh = await signIn(t.app, "staff", "a new password", "10.6.0.2");
      expect(fresh.statusCode).toBe(200);
      await changePassword(t.database.db, 2, "demo");
    });

    it("of an employee who is no longer active", async () => {
      const token = await tokenOf(t.app, "noperm");
      await t.database.db.updateTable("tblEmployee").set({ empActive: 0 }).where("empID", "=", 3).execute();
      expect((await employeeInfo(token)).statusCode).toBe(401);
      await t.database.db.updateTable("tblEmployee").set({ empActive: 1 }).where("empID", "=", 3).execute();
      expect((await employeeInfo(token)).statusCode).toBe(200);
    });
  });

  it("revokes the token on logout", async () => {
    const token = await tokenOf(t.app, "admin");
    const logout = await t.app.inject(withToken(token, { method: "POST", url: "/API/Logout/" }));
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ status: "success" });
    expect((await employeeInfo(token)).statusCode).toBe(401);
    expect(
      (await t.app.inject(withToken(token, { method: "GET", url: "/authenticate/refreshtoken" }))).statusCode,
    ).toBe(401);
  });

  it("refreshes a token into a new one with the full lifetime", async () => {
    const token = await tokenOf(t.app, "staff");
    const response = await t.app.inject(withToken(token, { method: "GET", url: "/authenticate/refreshtoken" }));
    expect(response.statusCode).toBe(200);
    const { token: fresh, expire } = response.json();
    expect(fresh).not.toBe(token);
    expect(Math.abs(expire - (Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS))).toBeLessThanOrEqual(5);
    expect((await employeeInfo(fresh)).statusCode).toBe(200);
  });

  it("signs tokens with the lifetime of the spec", async () => {
    const token = await tokenOf(t.app, "staff");
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
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
      await other.app.inject(withToken(token, { method: "POST", url: "/API/Logout/" }));
      expect((await t.app.inject(withToken(token, info))).statusCode).toBe(401);
      // Failures on one process count on the other.
      for (let i = 0; i < 5; i++) await signIn(t.app, "noperm", "wrong", `10.7.0.${i}`);
      expect((await signIn(other.app, "noperm", "demo", "10.7.1.1")).statusCode).toBe(429);
    } finally {
      await other.app.close();
      await t.close();
    }
  });
});
