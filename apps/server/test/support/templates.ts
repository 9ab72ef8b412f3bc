import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase } from "../../src/db/database.js";
import { ENGINE_DEFAULTS, migrateAndSeed } from "./demo-seed.js";
import { TEMPLATE_PREFIX, type TemplateRun } from "./global-setup.js";

/*
 * The seeded database every API test starts from, built once per engine per `vitest run` and
 * copied for each test file: PostgreSQL clones a template database (create database ...
 * template ...), PGlite copies a data directory (an empty PGlite is a copy too: initdb once).
 * global-setup.ts names the run (a random id, so runs sharing a server never meet) and drops
 * its templates at the end; the first test file that needs a template builds it, under a lock
 * the other worker processes wait on. Outside such a run (no global setup), each test
 * database is migrated and seeded by itself, and PGlite's are in memory, as before.
 */

/** The run's, or undefined outside a run with global-setup.ts (each file then seeds its own). */
function templateRun(): TemplateRun | undefined {
  try {
    return inject("officeTemplates");
  } catch {
    return undefined;
  }
}

const pgliteTemplates = new Map<PgliteTemplate, Promise<string>>();

/**
 * What a PGlite test database starts from: an empty one (initdb done: the few seconds each
 * PGlite spends on it, saved), or one migrated and seeded.
 */
export type PgliteTemplate = "empty" | "seeded";

/**
 * The data directory of the run's PGlite template (closed, never opened again: copy it), or
 * undefined without a run.
 */
export function pgliteTemplateDir(kind: PgliteTemplate): Promise<string> | undefined {
  const run = templateRun();
  if (!run) return undefined;
  let template = pgliteTemplates.get(kind);
  if (!template) {
    template = buildOnce(run.dir, kind);
    pgliteTemplates.set(kind, template);
  }
  return template;
}

async function buildOnce(runDir: string, kind: PgliteTemplate): Promise<string> {
  const dir = join(runDir, `pglite-${kind}`);
  const ready = join(runDir, `pglite-${kind}.ready`);
  if (existsSync(ready)) return dir;
  // The seeded one starts as a copy of the empty one.
  const empty = kind === "seeded" ? await pgliteTemplateDir("empty") : undefined;
  await withLockDir(join(runDir, `pglite-${kind}.lock`), async () => {
    if (existsSync(ready)) return;
    rmSync(dir, { recursive: true, force: true });
    if (empty) cpSync(empty, dir, { recursive: true });
    const database = await openDatabase({ ...ENGINE_DEFAULTS, databaseUrl: undefined, dataDir: dir });
    try {
      if (kind === "seeded") await migrateAndSeed(database.db);
    } finally {
      await database.close();
    }
    writeFileSync(ready, "");
  });
  return dir;
}

/** A copy of the run's PGlite template in a directory of its own. */
export function copyPgliteTemplate(template: string): string {
  const { dir } = templateRun() as TemplateRun;
  const copy = mkdtempSync(join(dir, "pglite-copy-"));
  cpSync(template, copy, { recursive: true });
  return copy;
}

/** Holds a lock across processes (an atomic mkdir) while `work` runs; takes over a dead holder's. */
async function withLockDir(lock: string, work: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (holderIsGone(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(100);
    }
  }
  try {
    await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function holderIsGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, "pid"), "utf8"));
  } catch {
    return false; // just made: its pid is being written
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of the run's seeded template database on DATABASE_URL's server, or undefined
 * without a run or for another server (a test's private cluster: its files seed their own).
 */
export function postgresTemplate(adminUrl: string): Promise<string> | undefined {
  const run = templateRun();
  if (!run || adminUrl !== process.env.DATABASE_URL) return undefined;
  let template = postgresTemplates.get(adminUrl);
  if (!template) {
    template = buildPostgresTemplate(adminUrl, `${TEMPLATE_PREFIX}${run.run}`);
    postgresTemplates.set(adminUrl, template);
  }
  return template;
}

async function buildPostgresTemplate(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // One builder per run; the others wait here, then find it built.
    await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [name]);
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      // Built under another name, renamed when complete: a builder that died leaves no
      // half-seeded template behind the real name.
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ ...ENGINE_DEFAULTS, databaseUrl: url.toString(), dataDir: "" });
      try {
        await migrateAndSeed(database.db);
      } finally {
        await database.close();
      }
      // Waits (up to 5 s) for the builder's sessions to end, as each clone does.
      await client.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await client.end();
  }
  return name;
}
