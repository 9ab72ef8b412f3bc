import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isTimeZone, SETTING_LIST, type SettingKey, type SettingValues } from "@office/core";
import { z } from "zod";
import type { FileStoreKind } from "./data/file-store.js";
import type { S3Place } from "./data/s3-store.js";
import { JOB_DEFAULTS, type JobOptions } from "./jobs/runner.js";
import type { SettingsFromEnv } from "./settings/company.js";
import type { CarrierSettings } from "./shipping/carriers/index.js";

/**
 * Every setting comes from the environment (README lists them). Invalid values stop the
 * start with a message naming the variable, instead of surfacing later as odd behaviour.
 */
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const envSchema = z.object({
  PORT: int(0, 65_535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: flag.default(false),
  BODY_LIMIT_BYTES: int(1_024, 64 * 1_048_576).default(1_048_576),
  DB_POOL_SIZE: int(1, 200).default(10),
  STATEMENT_TIMEOUT_MS: int(100, 600_000).default(15_000),
  PGLITE_READ_TIMEOUT_MS: int(100, 600_000).default(3_000),
  DB_PREPARED_STATEMENTS: int(0, 10_000).default(100),
  POOL_ACQUIRE_TIMEOUT_MS: int(50, 600_000).default(5_000),
  KNOWN_SEARCHES: int(0, 100_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(20_000),
  SEED_DEMO: flag.default(true),
  WEB_DIST: z.string().min(1).optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  UPLOAD_LIMIT_BYTES: int(1_024, 1_073_741_824).default(10_485_760),
  UPLOAD_STORE: z.enum(["database", "directory", "s3"]).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_PREFIX: z.string().max(200).default(""),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  TIME_CLOCK_URL: z.url({ protocol: /^https?$/ }).optional(),
  COMPANY_TIME_ZONE: z
    .string()
    .refine(isTimeZone, "COMPANY_TIME_ZONE must be an IANA time zone such as America/New_York")
    .default("America/New_York"),
  // The carriers' tracking services (issue 36): each on when its client id and secret are set.
  UPS_CLIENT_ID: z.string().min(1).optional(),
  UPS_CLIENT_SECRET: z.string().min(1).optional(),
  UPS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  FEDEX_CLIENT_ID: z.string().min(1).optional(),
  FEDEX_CLIENT_SECRET: z.string().min(1).optional(),
  FEDEX_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  CARRIER_TIMEOUT_MS: int(1_000, 120_000).default(15_000),
  TRACKING_DEMO: z.enum(["auto", "0", "1", "true", "false"]).default("auto"),
  TRACKING_WAIT_MS: int(0, 600_000).default(50_000),
  TRACKING_DAILY_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "TRACKING_DAILY_AT must be a time such as 05:30")
    .default("05:30"),
  // The project-management board service (spec 7): its GraphQL address, token and board.
  BOARD_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  BOARD_API_TOKEN: z.string().min(1).optional(),
  BOARD_ID: z
    .string()
    .regex(/^\d{1,19}$/, "BOARD_ID must be the board's number")
    .optional(),
  BOARD_TIMEOUT_MS: int(1_000, 60_000).default(10_000),
  // The nightly backup and its restore drill (issue 38).
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_DAILY_AT: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, "BACKUP_DAILY_AT must be a time such as 02:30, or off")
    .default("02:30"),
  BACKUP_KEEP_DAYS: int(1, 3_650).default(14),
  JOBS_RUNNER: flag.default(true),
  JOBS_LEASE_MS: int(5_000, 3_600_000).default(60_000),
});

/** What reopening PGlite's data directory after a stopped read may take (docs/decisions.md). */
const PGLITE_REOPEN_ALLOWANCE_MS = 2_000;

// On PGlite a stopped read holds the one connection for its budget and the reopening: a light
// call that waits longer than POOL_ACQUIRE_TIMEOUT_MS for it answers 503 instead.
const settingsSchema = envSchema
  .refine((e) => e.UPLOAD_STORE !== "database" || e.DATABASE_URL !== undefined, {
    path: ["UPLOAD_STORE"],
    message: "UPLOAD_STORE=database needs DATABASE_URL: the embedded database keeps the files in UPLOAD_DIR",
  })
  .refine((e) => e.UPLOAD_STORE !== "s3" || e.S3_BUCKET !== undefined, {
    path: ["S3_BUCKET"],
    message: "UPLOAD_STORE=s3 needs S3_BUCKET, the bucket the files are kept in",
  })
  .refine((e) => e.DATABASE_DIRECT_URL === undefined || e.DATABASE_URL !== undefined, {
    path: ["DATABASE_DIRECT_URL"],
    message: "DATABASE_DIRECT_URL goes with DATABASE_URL (a pooler's address): it is PostgreSQL's own",
  })
  .refine((e) => e.UPLOAD_STORE !== "s3" || e.DATABASE_URL !== undefined, {
    path: ["UPLOAD_STORE"],
    message: "UPLOAD_STORE=s3 needs DATABASE_URL: the embedded database keeps the files in UPLOAD_DIR",
  })
  .refine(
    (e) =>
      e.DATABASE_URL !== undefined ||
      e.PGLITE_READ_TIMEOUT_MS + PGLITE_REOPEN_ALLOWANCE_MS <= e.POOL_ACQUIRE_TIMEOUT_MS,
    {
      path: ["PGLITE_READ_TIMEOUT_MS"],
      message: `PGLITE_READ_TIMEOUT_MS plus ${PGLITE_REOPEN_ALLOWANCE_MS} ms (reopening the database) must not exceed POOL_ACQUIRE_TIMEOUT_MS`,
    },
  );

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL itself, where DATABASE_URL is a pooler in transaction mode (PgBouncer): the
   * sessions of their own go here (LISTEN, the start-up's migrations under their lock, backups).
   */
  databaseDirectUrl?: string;
  jwtSecret: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  bodyLimit: number;
  poolSize: number;
  statementTimeoutMs: number;
  /** PGlite on disk: a data-service read's statement running longer is stopped with its thread. */
  pgliteReadTimeoutMs: number;
  /** PostgreSQL: the statement texts each connection keeps prepared (0: none). */
  preparedStatements: number;
  poolAcquireTimeoutMs: number;
  /** Searches whose totals (and short ones' keys) each process keeps (data/known-searches.ts); 0: none. */
  knownSearches: number;
  shutdownTimeoutMs: number;
  seedDemo: boolean;
  webDist: string;
  uploadDir: string;
  uploadLimit: number;
  /** Where the files' bytes are kept: in PostgreSQL (its default), in `uploadDir` (PGlite's), or in a bucket. */
  uploadStore: FileStoreKind;
  /** The bucket, where UPLOAD_STORE=s3. */
  s3?: S3Place;
  /** The company's time zone the database's sessions open in: COMPANY_TIME_ZONE, else the setting's initial one. */
  companyTimeZone: string;
  /**
   * The company's settings (core's settings.ts) that environment variables set: they win over
   * what an administrator saves, and the Settings page says so.
   */
  settingsFromEnv: SettingsFromEnv;
  /** How long a carrier's call may take; `demo` "auto" is on for the demo company (main.ts decides). */
  carriers: Pick<CarrierSettings, "timeoutMs"> & { demo: boolean | "auto" };
  /** How long the truck button's call waits for the run it started. */
  trackingWaitMs: number;
  /** The nightly tracking run's wall-clock time in the company's zone. */
  trackingDailyAt: string;
  jobs: JobOptions;
  /** The nightly backup: where backups are kept, when it runs (null: only when asked), how many days are kept. */
  backups: { dir: string; dailyAt: string | null; keepDays: number };
  /** How long the board service may take to answer. */
  boardTimeoutMs: number;
}

/** The repository's root (this file is apps/server/src or apps/server/dist): the default data lives there. */
const REPOSITORY = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The configuration of PostgreSQL's own sessions (start-up, backups, the commands): its
 * DATABASE_URL the direct one where a pooler is in front, and no pooler left to go through.
 */
export function direct<C extends Partial<Pick<Config, "databaseUrl" | "databaseDirectUrl">>>(
  config: C,
): Omit<C, "databaseDirectUrl"> & { databaseUrl: string | undefined } {
  const { databaseDirectUrl, ...rest } = config;
  return { ...rest, databaseUrl: databaseDirectUrl ?? config.databaseUrl };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = settingsSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  // npm runs a workspace's script in the workspace's folder, and tells the folder it was run
  // from in INIT_CWD: a relative path is the user's, from where they typed the command.
  const here = (path: string) => resolve(env.INIT_CWD ?? process.cwd(), path);
  const dataDir = e.DATA_DIR ? here(e.DATA_DIR) : join(REPOSITORY, "data");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    ...(e.DATABASE_DIRECT_URL ? { databaseDirectUrl: e.DATABASE_DIRECT_URL } : {}),
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    poolSize: e.DB_POOL_SIZE,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    pgliteReadTimeoutMs: e.PGLITE_READ_TIMEOUT_MS,
    preparedStatements: e.DB_PREPARED_STATEMENTS,
    poolAcquireTimeoutMs: e.POOL_ACQUIRE_TIMEOUT_MS,
    knownSearches: e.KNOWN_SEARCHES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST ? here(e.WEB_DIST) : join(REPOSITORY, "apps/web/dist"),
    uploadDir: e.UPLOAD_DIR ? here(e.UPLOAD_DIR) : join(dataDir, "uploads"),
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    uploadStore: e.UPLOAD_STORE ?? (e.DATABASE_URL ? "database" : "directory"),
    ...(e.S3_BUCKET
      ? {
          s3: {
            bucket: e.S3_BUCKET,
            prefix: e.S3_PREFIX,
            region: e.S3_REGION,
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          },
        }
      : {}),
    companyTimeZone: e.COMPANY_TIME_ZONE,
    settingsFromEnv: settingsFromEnv(given),
    carriers: {
      timeoutMs: e.CARRIER_TIMEOUT_MS,
      demo: e.TRACKING_DEMO === "auto" ? "auto" : e.TRACKING_DEMO === "1" || e.TRACKING_DEMO === "true",
    },
    trackingWaitMs: e.TRACKING_WAIT_MS,
    trackingDailyAt: e.TRACKING_DAILY_AT,
    backups: {
      dir: e.BACKUP_DIR ? here(e.BACKUP_DIR) : join(dataDir, "backups"),
      dailyAt: e.BACKUP_DAILY_AT === "off" ? null : e.BACKUP_DAILY_AT,
      keepDays: e.BACKUP_KEEP_DAYS,
    },
    jobs: { ...JOB_DEFAULTS, runner: e.JOBS_RUNNER, leaseMs: e.JOBS_LEASE_MS },
    boardTimeoutMs: e.BOARD_TIMEOUT_MS,
  };
}

/**
 * The settings' fields whose environment variable is set (each declares its own), after the
 * checks above; fields that go together (a client id and its secret) are set together or not
 * at all, here as on the Settings page.
 */
function settingsFromEnv(env: Record<string, unknown>): SettingsFromEnv {
  const found: SettingsFromEnv = {};
  const problems: string[] = [];
  for (const def of SETTING_LIST) {
    const values: SettingValues = {};
    for (const [name, field] of Object.entries(def.fields))
      if (field.env && typeof env[field.env] === "string") values[name] = env[field.env] as string;
    if (Object.keys(values).length === 0) continue;
    const together = def.together?.filter((name) => values[name] !== undefined) ?? [];
    if (together.length > 0 && together.length < (def.together?.length ?? 0)) {
      const names = def.together?.map((name) => def.fields[name]?.env ?? name) ?? [];
      problems.push(`${names.slice(0, -1).join(", ")} and ${names.at(-1)} are set together`);
    }
    found[def.key as SettingKey] = values;
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  return found;
}
