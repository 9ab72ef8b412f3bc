import { ERROR_MESSAGES } from "@office/core";
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { appOver, seededDatabase, testApp, tokenOf, withToken } from "./support/app.js";
import { useTestApp } from "./support/context.js";
import { ENGINES, ONE_ENGINE, postgresEngine, SERVER_ENGINES, seededPgliteDataDir } from "./support/engines.js";
import { PrivatePostgres } from "./support/private-postgres.js";
import { finished, lineMatching, listeningAt, spawnFixture } from "./support/spawn.js";
import { throughProxy } from "./support/tcp-proxy.js";

// Health, headers, logs and routes are the HTTP layer's, whichever the engine.
describe.each(ONE_ENGINE)("operations on $name", (engine) => {
  const t = useTestApp(engine);

  it("answers liveness and readiness", async () => {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready" });
  });

  it("sends security headers and a request id on every response", async () => {
    for (const url of ["/healthz", "/API/EmployeeInfo/", "/webapp/login"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["content-security-policy"], url).toMatch(
        /default-src 'self'.*script-src 'self'.*frame-ancestors 'none'/,
      );
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("logs requests without passwords or tokens", async () => {
    const token = await t.staff.token();
    await t.staff.call("GET", "/API/EmployeeInfo/");
    await t.app.inject({
      method: "POST",
      url: "/API/Authenticate/",
      payload: { username: "staff", password: "pa55-secret-word" },
    });
    const all = t.logs.join("\n");
    expect(all).toContain("/API/EmployeeInfo/");
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.split(".")[2]);
    expect(all).not.toContain("pa55-secret-word");
    expect(all).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  });

  it("refuses to register a route that declares no access", async () => {
    // A second app over the same database, never started (closing it would close the database).
    const { app } = await appOver(t.testDb);
    expect(() => app.get("/API/test/unguarded", async () => ({}))).toThrow(/declares no config.access/);
    expect(() => app.get("/API/test/guarded", { config: { access: "signedIn" } }, async () => ({}))).not.toThrow();
  });
});

// The pools (pg's, PGlite's own) and closing the database differ by engine.
describe.each(ENGINES)("the pool and the drain on $name", (engine) => {
  it("answers 503 when every connection is taken for longer than the acquisition timeout", async () => {
    // pg's timeout also bounds opening a connection, which a loaded CI machine has taken over
    // 200 ms to do: the wait is long enough for that, and the held connection still outlasts it.
    const tight = await testApp(engine, { engine: { poolSize: 1, poolAcquireTimeoutMs: 2_000 } });
    try {
      const token = await tokenOf(tight.app, "staff");
      await tight.database.db.connection().execute(async () => {
        const response = await tight.app.inject(withToken(token, { method: "GET", url: "/API/EmployeeInfo/" }));
        expect(response.statusCode).toBe(503);
        expect(response.json().message).toBe(ERROR_MESSAGES.unavailable);
      });
      expect((await tight.app.inject(withToken(token, { method: "GET", url: "/API/EmployeeInfo/" }))).statusCode).toBe(
        200,
      );
    } finally {
      await tight.close();
    }
  });

  it("drains: readiness flips, new requests get 503, the request in flight finishes, the database closes", async () => {
    const d = await testApp(engine);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    d.app.get("/API/test/slow", { config: { access: "public" } }, async () => {
      entered();
      await held;
      return { finished: true };
    });
    const slow = d.app.inject({ method: "GET", url: "/API/test/slow" });
    await inside;
    const stopped = d.lifecycle.shutdown(d.app, 10_000);
    expect((await d.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    const refused = await d.app.inject({
      method: "POST",
      url: "/API/Authenticate/",
      payload: { username: "staff", password: "demo" },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(ERROR_MESSAGES.shuttingDown);
    release();
    expect((await slow).json()).toEqual({ finished: true });
    await stopped;
    expect(d.logs.some((line) => line.includes("database closed"))).toBe(true);
    expect(await d.database.ping(500)).toBe(false);
    await d.testDb.dispose();
  });
});

describe.each(SERVER_ENGINES)("the database going away on $name", (engine) => {
  it("a statement over the timeout answers 503", async () => {
    const t = await testApp(engine, { engine: { statementTimeoutMs: 200 } });
    try {
      t.app.get("/API/test/sleep", { config: { access: "public" } }, async () => {
        await sql`select pg_sleep(2)`.execute(t.database.db);
      });
      const response = await t.app.inject({ method: "GET", url: "/API/test/sleep" });
      expect(response.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });

  it("readiness and the API answer 503 while it is stopped and recover when it returns", async () => {
    const testDb = await seededDatabase(engine);
    const { proxy, database } = await throughProxy(testDb.url, { poolSize: 3 });
    const { app } = await appOver(testDb, database);
    try {
      const token = await tokenOf(app, "staff");
      const info = withToken(token, { method: "GET", url: "/API/EmployeeInfo/" });
      expect((await app.inject(info)).statusCode).toBe(200);

      await proxy.cut();
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
      const down = await app.inject(info);
      expect(down.statusCode).toBe(503);
      expect(down.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|terminated/);
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

      await proxy.restore();
      // The pool may hand out a connection that died with the cut once; it then recovers.
      let ready = 503;
      for (let attempt = 0; attempt < 10 && ready !== 200; attempt++) {
        ready = (await app.inject({ method: "GET", url: "/readyz" })).statusCode;
      }
      expect(ready).toBe(200);
      expect((await app.inject(info)).statusCode).toBe(200);
    } finally {
      await app.close();
      await proxy.cut();
      await testDb.dispose();
    }
  });
});

describe.each(SERVER_ENGINES)("a real PostgreSQL going away under a running server ($name)", (engine) => {
  const timeouts = { poolSize: 3, statementTimeoutMs: 2_000, poolAcquireTimeoutMs: 1_000 };

  /** The app recovers by itself: a pooled connection that died may fail one call, no more. */
  async function recovers(app: Awaited<ReturnType<typeof appOver>>["app"], token: string) {
    let ready = 503;
    for (let attempt = 0; attempt < 10 && ready !== 200; attempt++) {
      ready = (await app.inject({ method: "GET", url: "/readyz" })).statusCode;
    }
    expect(ready).toBe(200);
    expect((await app.inject(withToken(token, { method: "GET", url: "/API/EmployeeInfo/" }))).statusCode).toBe(200);
  }

  it("stopped by pg_ctl: readiness and the API answer 503, and recover when it is started again", async () => {
    const cluster = await PrivatePostgres.start();
    const testDb = await seededDatabase(postgresEngine(cluster.adminUrl), timeouts);
    const { app } = await appOver(testDb);
    try {
      const token = await tokenOf(app, "staff");
      const info = withToken(token, { method: "GET", url: "/API/EmployeeInfo/" });
      expect((await app.inject(info)).statusCode).toBe(200);

      await cluster.stop();
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
      const down = await app.inject(info);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(ERROR_MESSAGES.unavailable);
      expect(down.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|terminat|shut/i);
      const signIn = await app.inject({
        method: "POST",
        url: "/API/Authenticate/",
        payload: { username: "staff", password: "demo" },
      });
      expect(signIn.statusCode).toBe(503);
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

      await cluster.resume();
      await recovers(app, token);
      expect((await tokenOf(app, "admin")).length).toBeGreaterThan(0);
    } finally {
      await app.close();
      await testDb.dispose();
      await cluster.destroy();
    }
  });

  it("its sessions ended by the administrator (57P01): the next calls recover", async () => {
    const testDb = await seededDatabase(engine, timeouts);
    const { app } = await appOver(testDb);
    try {
      const token = await tokenOf(app, "staff");
      const info = withToken(token, { method: "GET", url: "/API/EmployeeInfo/" });
      // Fill the pool with open connections, then end every one of them from outside.
      await Promise.all(Array.from({ length: 3 }, () => app.inject(info)));
      const name = new URL(testDb.url ?? "").pathname.slice(1);
      const admin = await testDb.reopen({ poolSize: 1 });
      const { rows } = await sql<{ ended: number }>`select count(*)::int as ended from (
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = ${name} and pid <> pg_backend_pid()) t`.execute(admin.db);
      await admin.close();
      expect(rows[0]?.ended).toBeGreaterThan(0);
      await recovers(app, token);
    } finally {
      await app.close();
      await testDb.dispose();
    }
  });
});

describe("SIGTERM on a running server process", () => {
  // A server process starts (it loads the server's sources): longer than a test.
  it("drains, finishes the request in flight, answers 503 to new ones, closes the database and exits 0", {
    timeout: 90_000,
  }, async () => {
    // On a copy of the run's seeded database: its migrations have run.
    const dataDir = await seededPgliteDataDir();
    const child = spawnFixture("slow-server.ts", { DATABASE_URL: "", DATA_DIR: dataDir });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });
    const exit = finished(child);
    const base = await listeningAt(child);
    const started = lineMatching(child, /^slow-started/);
    const slow = fetch(`${base}/test/slow`);
    await started;
    const draining = lineMatching(child, /"msg":"draining"/);
    child.kill("SIGTERM");
    await draining;
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    const refused = await fetch(`${base}/API/EmployeeInfo/`);
    expect(refused.status).toBe(503);
    child.stdin?.write("release\n");
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    const { code, stdout } = await exit;
    expect(code).toBe(0);
    expect(stdout).toContain("database closed");
  });
});
