/**
 * The upload storage full, under load (issue 38). Ten people attach 256 KiB PDFs to a project
 * without pause while five others search, and the files' storage fills up within seconds:
 * - PGlite, the files in UPLOAD_DIR, on a tmpfs of FULL_MB (default 8);
 * - PostgreSQL (DATABASE_URL's server), the files in the database, `uploadChunk` moved to a
 *   tablespace on such a tmpfs: the database's own disk full (53100).
 * After FULL_SECONDS (default 20) the tmpfs is made four times larger, and the run goes on until
 * an upload is kept again. Then every acknowledged upload is looked for, its bytes checked
 * against the hash the server answered with; what is in the storage without its row, and
 * partial files, are counted. Needs root (it mounts the tmpfs) and a built server.
 *
 * `npm run build`, then from bench/: `DATABASE_URL=postgres://… node --import tsx storage-full.ts`
 */

import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { OPERATIONS } from "@office/core";
import pg from "pg";
import {
  bearer,
  countsText,
  databaseUrl,
  demoToken,
  onServer,
  percentile,
  projectSearchPath,
  root,
  SEARCH_TERMS,
  startProcess,
  stop,
  timedCall,
} from "./processes.js";

const env = process.env;
const MB = Number(env.FULL_MB ?? 8);
const SECONDS = Number(env.FULL_SECONDS ?? 20);
const UPLOADERS = 10;
const SEARCHERS = 5;
const PORT = 3460;
const BASE = `http://127.0.0.1:${PORT}`;
// Random bytes after the PDF's first line: what a database cannot compress, as a scan.
const FILE = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(256 * 1024 - 9)]);

if (process.getuid?.() !== 0) {
  console.error("storage-full.ts mounts a tmpfs: run it as root.");
  process.exit(1);
}

interface Upload {
  status: string;
  ms: number;
  id?: string;
  sha256?: string;
  at: number;
}

/** One attachment of a fresh file (the same bytes but the first line, so each hash differs). */
async function attach(token: string, n: number): Promise<Upload> {
  const content = Buffer.from(FILE);
  content.write(`%PDF-${n}`.padEnd(9, " "), 0);
  const body = new FormData();
  body.append("table", "tblProject");
  body.append("key", "1");
  body.append("file", new Blob([content], { type: "application/pdf" }), `plan-${n}.pdf`);
  const start = performance.now();
  try {
    const answer = await fetch(`${BASE}${OPERATIONS.attachFile.path}`, {
      method: "POST",
      headers: bearer(token),
      body,
    });
    const json = (await answer.json()) as { id?: string };
    const sha256 = createHash("sha256").update(content).digest("hex");
    return { status: String(answer.status), ms: performance.now() - start, id: json.id, sha256, at: Date.now() };
  } catch (error) {
    return { status: (error as Error).name, ms: performance.now() - start, at: Date.now() };
  }
}

const mount = (dir: string, mb: number, again = false) =>
  execFileSync("mount", ["-t", "tmpfs", "-o", `${again ? "remount," : ""}size=${mb}m,mode=0777`, "tmpfs", dir]);

interface Scenario {
  name: string;
  /** The server's environment (beside PORT): where the files go. */
  env: Record<string, string>;
  /** Made ready once the server runs (the tablespace moved); undone by `after`. */
  before?: () => Promise<void>;
  /** The acknowledged uploads as stored: each one's bytes' hash, or null where they are not all there. */
  stored: (ids: string[]) => Promise<Map<string, string | null>>;
  /** Files or chunks in the storage that no `upload` row names, and partial files. */
  strays: () => Promise<{ orphans: number; partials: number }>;
  after: () => Promise<void>;
}

async function run(scenario: Scenario, full: string) {
  mount(full, MB);
  const server = await startProcess(
    [join(root, "apps/server/dist/main.js")],
    { HOST: "127.0.0.1", PORT: String(PORT), BACKUP_DAILY_AT: "off", ...scenario.env },
    `${BASE}/readyz`,
  );
  let enlargedAt = 0;
  try {
    await scenario.before?.();
    const token = await demoToken(BASE, "admin");
    const search = SEARCH_TERMS.map((term) => projectSearchPath(term.slice(0, 3)));
    const uploads: Upload[] = [];
    const searches: { ms: number; status: string }[] = [];
    const fillUntil = Date.now() + SECONDS * 1000;
    let keptAgain = 0;
    let n = 0;
    const done = () => Date.now() > fillUntil + 60_000 || (keptAgain > 0 && Date.now() > keptAgain + 2_000);
    const uploaders = Array.from({ length: UPLOADERS }, async () => {
      while (!done()) {
        const upload = await attach(token, n++);
        uploads.push(upload);
        if (enlargedAt && !keptAgain && upload.status === "200") keptAgain = upload.at;
      }
    });
    const searchers = Array.from({ length: SEARCHERS }, async (_, i) => {
      for (let k = i; !done(); k++) {
        const { ms, status } = await timedCall(BASE, search[k % search.length] as string, bearer(token));
        searches.push({ ms, status });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    mount(full, MB * 4, true);
    enlargedAt = Date.now();
    await Promise.all([...uploaders, ...searchers]);

    const kept = uploads.filter((upload) => upload.status === "200");
    const refused = uploads.filter((upload) => upload.at < enlargedAt && upload.status !== "200");
    const firstFull = refused[0]?.at;
    await stop(server);
    const stored = await scenario.stored(kept.map((upload) => upload.id as string));
    const lost = kept.filter((upload) => stored.get(upload.id as string) !== upload.sha256).length;
    const strays = await scenario.strays();
    const failures = (calls: { status: string }[]) =>
      calls.reduce<Record<string, number>>((counts, call) => {
        if (call.status !== "200") counts[call.status] = (counts[call.status] ?? 0) + 1;
        return counts;
      }, {});
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const p99 = percentile(
      searches.map((call) => call.ms),
      0.99,
    ).toFixed(0);
    console.log(
      `| ${scenario.name} | ${uploads.length} | ${kept.length} | ${countsText(failures(uploads))} | ${
        firstFull ? seconds(firstFull - (fillUntil - SECONDS * 1000)) : "never"
      } | ${keptAgain ? seconds(keptAgain - enlargedAt) : "never"} | ${lost} | ${strays.orphans} | ${strays.partials} | ${
        searches.length
      } (${countsText(failures(searches))}; p99 ${p99} ms) |`,
    );
  } finally {
    if (server.exitCode === null) await stop(server);
    await scenario.after();
    execFileSync("umount", [full]);
  }
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** PGlite, the files in UPLOAD_DIR on the tmpfs. */
function embedded(full: string): Scenario {
  const dataDir = mkdtempSync(join(tmpdir(), "office-full-data-"));
  const rows = async () => {
    const db = await PGlite.create(join(dataDir, "pglite"), { extensions: { pg_trgm } });
    try {
      return (await db.query<{ uploadID: string }>(`select "uploadID" from "upload"`)).rows.map((row) => row.uploadID);
    } finally {
      await db.close();
    }
  };
  return {
    name: "PGlite, files in UPLOAD_DIR",
    env: { DATABASE_URL: "", DATA_DIR: dataDir, UPLOAD_DIR: full },
    async stored(ids) {
      return new Map(ids.map((id) => [id, existsSync(join(full, id)) ? sha256(readFileSync(join(full, id))) : null]));
    },
    async strays() {
      const named = new Set(await rows());
      const files = readdirSync(full);
      return {
        orphans: files.filter((file) => !file.endsWith(".part") && !named.has(file)).length,
        partials: files.filter((file) => file.endsWith(".part")).length,
      };
    },
    async after() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL, the files in the database, `uploadChunk` on a tablespace on the tmpfs. */
function onPostgres(server: string, full: string): Scenario {
  const name = `office_full_${process.pid}`;
  const url = databaseUrl(server, name);
  const receiving = mkdtempSync(join(tmpdir(), "office-full-uploads-"));
  const query = async <T extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    name: "PostgreSQL, files in the database",
    env: { DATABASE_URL: url, DATA_DIR: receiving, UPLOAD_DIR: receiving },
    async before() {
      // The tablespace's directory must be PostgreSQL's own.
      const space = join(full, "space");
      execFileSync("install", ["-d", "-o", "postgres", "-g", "postgres", space]);
      await onServer(url, `create tablespace ${name} location '${space}'`);
      await query(`alter table "uploadChunk" set tablespace ${name}`);
    },
    async stored(ids) {
      const rows = await query<{ uploadID: string; sha: string | null }>(
        `select u."uploadID", encode(sha256(string_agg(c."bytes", ''::bytea order by c."n")), 'hex') as sha
         from "upload" u left join "uploadChunk" c on c."uploadID" = u."uploadID" group by u."uploadID"`,
      );
      const found = new Map(rows.map((row) => [row.uploadID, row.sha]));
      return new Map(ids.map((id) => [id, found.get(id) ?? null]));
    },
    async strays() {
      const [orphans] = await query<{ n: number }>(
        `select count(distinct c."uploadID")::int as n from "uploadChunk" c
         where not exists (select 1 from "upload" u where u."uploadID" = c."uploadID")`,
      );
      return {
        orphans: orphans?.n ?? 0,
        partials: readdirSync(receiving).filter((file) => file.endsWith(".part")).length,
      };
    },
    async after() {
      await onServer(server, `drop database if exists "${name}" with (force)`);
      await onServer(server, `drop tablespace if exists ${name}`);
      rmSync(receiving, { recursive: true, force: true });
    },
  };
}

const full = mkdtempSync(join(tmpdir(), "office-full-"));
console.log(
  `The upload storage full: ${UPLOADERS} people attaching 256 KiB files, ${SEARCHERS} searching, a ${MB} MB tmpfs for ${SECONDS} s, then ${MB * 4} MB\n`,
);
console.log(
  "| engine, files | uploads | kept | refused | first refused at | kept again after enlarging | acknowledged lost | stray files or chunks | partial files | searches (failed; p99) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
);
try {
  if (env.FULL_ENGINES !== "postgres") await run(embedded(full), full);
  const server = env.DATABASE_URL;
  if (server && env.FULL_ENGINES !== "pglite") {
    await onServer(server, `create database "office_full_${process.pid}"`);
    await run(onPostgres(server, full), full);
  } else console.log("(PostgreSQL skipped: set DATABASE_URL)");
} finally {
  rmSync(full, { recursive: true, force: true });
}
