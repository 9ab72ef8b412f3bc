import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { direct, loadConfig } from "../src/config.js";

describe("configuration from the environment", () => {
  it("has working defaults: port 3000, ./data, PGlite", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.companyTimeZone).toBe("America/New_York");
    expect(config.preparedStatements).toBe(100);
    // A read's budget and its reopening stay under the wait for a connection (docs/decisions.md).
    expect(config.pgliteReadTimeoutMs).toBe(3_000);
    expect(config.pgliteReadTimeoutMs + 2_000).toBeLessThanOrEqual(config.poolAcquireTimeoutMs);
  });

  it("keeps the embedded data in the repository's data folder, whichever folder npm start runs in", () => {
    const repository = fileURLToPath(new URL("../../..", import.meta.url));
    for (const INIT_CWD of [undefined, repository, join(repository, "apps/server"), "/tmp"]) {
      const config = loadConfig(INIT_CWD ? { INIT_CWD } : {});
      expect(config.dataDir).toBe(join(repository, "data"));
      expect(config.uploadDir).toBe(join(repository, "data/uploads"));
      expect(config.webDist).toBe(join(repository, "apps/web/dist"));
    }
    // A relative path set by the user is read from where they ran the command, not npm's workspace.
    expect(loadConfig({ INIT_CWD: "/srv/office", DATA_DIR: "state" })).toMatchObject({
      dataDir: "/srv/office/state",
      uploadDir: "/srv/office/state/uploads",
    });
    // git ignores it.
    expect(readFileSync(join(repository, ".gitignore"), "utf8").split("\n")).toContain("/data/");
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "4100",
      DATA_DIR: "/tmp/office-data",
      DATABASE_URL: "postgres://u@db:5432/office",
      JWT_SECRET: "s".repeat(40),
      TRUST_PROXY: "1",
      SEED_DEMO: "false",
      DB_POOL_SIZE: "20",
      DB_PREPARED_STATEMENTS: "0",
      PGLITE_READ_TIMEOUT_MS: "1500",
      TIME_CLOCK_URL: "https://clock.example.org/punch",
      COMPANY_TIME_ZONE: "Europe/Berlin",
    });
    expect(config).toMatchObject({
      port: 4100,
      dataDir: "/tmp/office-data",
      databaseUrl: "postgres://u@db:5432/office",
      trustProxy: true,
      seedDemo: false,
      poolSize: 20,
      preparedStatements: 0,
      pgliteReadTimeoutMs: 1500,
      companyTimeZone: "Europe/Berlin",
      settingsFromEnv: {
        timeClock: { url: "https://clock.example.org/punch" },
        timeZone: { zone: "Europe/Berlin" },
      },
    });
  });

  it("names the company's settings the environment sets, which win over the saved ones", () => {
    expect(loadConfig({}).settingsFromEnv).toEqual({});
    const config = loadConfig({
      UPS_CLIENT_ID: "id",
      UPS_CLIENT_SECRET: "secret",
      BOARD_API_URL: "https://board.example/v2",
      BOARD_API_TOKEN: "token",
      BOARD_ID: "42",
    });
    expect(config.settingsFromEnv).toEqual({
      ups: { clientId: "id", clientSecret: "secret" },
      board: { url: "https://board.example/v2", token: "token", boardID: "42" },
    });
    expect(() => loadConfig({ UPS_CLIENT_ID: "id" })).toThrow(/UPS_CLIENT_ID and UPS_CLIENT_SECRET are set together/);
    expect(() => loadConfig({ BOARD_API_URL: "https://board.example/v2" })).toThrow(
      /BOARD_API_URL, BOARD_API_TOKEN and BOARD_ID are set together/,
    );
    expect(() => loadConfig({ BOARD_ID: "board" })).toThrow(/BOARD_ID/);
  });

  it("keeps the files in a bucket with UPLOAD_STORE=s3, given a bucket and PostgreSQL", () => {
    const pg = { DATABASE_URL: "postgres://x@localhost/db" };
    expect(
      loadConfig({ ...pg, UPLOAD_STORE: "s3", S3_BUCKET: "office-files", S3_ENDPOINT: "http://127.0.0.1:9000" }),
    ).toMatchObject({
      uploadStore: "s3",
      s3: { bucket: "office-files", prefix: "", region: "us-east-1", endpoint: "http://127.0.0.1:9000" },
    });
    expect(() => loadConfig({ ...pg, UPLOAD_STORE: "s3" })).toThrow(/UPLOAD_STORE=s3 needs S3_BUCKET/);
    expect(() => loadConfig({ UPLOAD_STORE: "s3", S3_BUCKET: "office-files" })).toThrow(
      /UPLOAD_STORE=s3 needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...pg, UPLOAD_STORE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "ftp://x" })).toThrow(
      /S3_ENDPOINT|S3_BUCKET/,
    );
  });

  it("gives PostgreSQL's own sessions DATABASE_DIRECT_URL where a pooler is DATABASE_URL, else DATABASE_URL", () => {
    const pooled = loadConfig({ DATABASE_URL: "postgres://x@pooler/db", DATABASE_DIRECT_URL: "postgres://x@db/db" });
    expect(pooled.databaseDirectUrl).toBe("postgres://x@db/db");
    const own = direct(pooled);
    expect(own.databaseUrl).toBe("postgres://x@db/db");
    expect("databaseDirectUrl" in own).toBe(false);
    expect(direct(loadConfig({ DATABASE_URL: "postgres://x@db/db" })).databaseUrl).toBe("postgres://x@db/db");
    expect(() => loadConfig({ DATABASE_DIRECT_URL: "postgres://x@db/db" })).toThrow(
      /DATABASE_DIRECT_URL goes with DATABASE_URL/,
    );
  });

  it("refuses bad values, naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DB_PREPARED_STATEMENTS: "-1" })).toThrow(/DB_PREPARED_STATEMENTS/);
    expect(() => loadConfig({ PGLITE_READ_TIMEOUT_MS: "50" })).toThrow(/PGLITE_READ_TIMEOUT_MS/);
    // On PGlite a light call waits out a stopped read's budget and reopening: they must fit the wait.
    expect(() => loadConfig({ PGLITE_READ_TIMEOUT_MS: "3001" })).toThrow(
      /PGLITE_READ_TIMEOUT_MS plus 2000 ms .* must not exceed POOL_ACQUIRE_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ POOL_ACQUIRE_TIMEOUT_MS: "4999" })).toThrow(/PGLITE_READ_TIMEOUT_MS/);
    expect(loadConfig({ PGLITE_READ_TIMEOUT_MS: "8000", POOL_ACQUIRE_TIMEOUT_MS: "10000" }).pgliteReadTimeoutMs).toBe(
      8000,
    );
    // PostgreSQL has its own statement timeout; the PGlite budget does not bind it.
    expect(
      loadConfig({ DATABASE_URL: "postgres://x@localhost/db", POOL_ACQUIRE_TIMEOUT_MS: "1000" }).poolAcquireTimeoutMs,
    ).toBe(1000);
    // The header links to it: a script address would run in the web app's origin.
    expect(() => loadConfig({ TIME_CLOCK_URL: "javascript:alert(1)" })).toThrow(/TIME_CLOCK_URL/);
    // It reaches the database session's settings: only a real zone name passes.
    expect(() => loadConfig({ COMPANY_TIME_ZONE: "EST5EDT' -c x=1" })).toThrow(/COMPANY_TIME_ZONE/);
    expect(() => loadConfig({ COMPANY_TIME_ZONE: "Mars/Olympus" })).toThrow(/COMPANY_TIME_ZONE/);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });
});
