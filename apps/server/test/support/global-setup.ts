import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

/** This run's: the id in its template databases' names and the directory of its files. */
export interface TemplateRun {
  run: string;
  dir: string;
}

/** Every template database of a run is named with this, then the run's id. */
export const TEMPLATE_PREFIX = "office_tmpl_";

declare module "vitest" {
  export interface ProvidedContext {
    officeTemplates: TemplateRun;
  }
}

/*
 * Once per `vitest run`: a name and a directory for this run's seeded templates (templates.ts).
 * Nothing is built here: the first test file that asks for a seeded database builds each
 * engine's template (runs of the web or core tests alone pay nothing). At the end, the run's
 * templates are dropped.
 */
export default function setup(project: TestProject) {
  const run = randomBytes(6).toString("hex");
  // tmpfs where there is one: the PGlite template is copied once per test file.
  const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  const dir = mkdtempSync(join(base, "office-test-"));
  project.provide("officeTemplates", { run, dir });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const url = process.env.DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [`${TEMPLATE_PREFIX}${run}`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } catch (error) {
      // A server that went away took the templates with it, or keeps them: the tests said so.
      console.warn(`could not drop this run's template databases (${TEMPLATE_PREFIX}${run}*): ${error}`);
    } finally {
      await client.end().catch(() => {});
    }
  };
}
