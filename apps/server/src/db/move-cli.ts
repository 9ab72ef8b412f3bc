import { loadConfig } from "../config.js";
import { moveToPostgres } from "./move/to-postgres.js";

/**
 * `npm run move-to-postgres -- <DATABASE_URL>`: the embedded company (DATA_DIR) copied into an
 * empty PostgreSQL database, compared table by table, and what to set next.
 */
async function main() {
  const url = process.argv[2];
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error("Name the PostgreSQL database to move into: npm run move-to-postgres -- postgres://…");
  }
  // The source is the embedded database whatever the environment says.
  const config = loadConfig({ ...process.env, DATABASE_URL: "" });
  const started = performance.now();
  const { tables: moved, files } = await moveToPostgres(config, url, (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const width = Math.max(...moved.map((m) => m.table.length));
  for (const m of moved) {
    const rows = m.rows.toLocaleString("en-US").padStart(10);
    console.log(`${m.table.padEnd(width)} ${rows} rows  ${m.same ? "same" : `DIFFERENT (${JSON.stringify(m)})`}`);
  }
  const different = moved.filter((m) => !m.same);
  if (different.length > 0) {
    throw new Error(`${different.length} tables differ after the move: the target is not to be used.`);
  }
  const rows = moved.reduce((sum, m) => sum + m.rows, 0);
  console.log(`
Moved ${moved.length} tables, ${rows.toLocaleString("en-US")} rows, in ${seconds} s: every table's count and checksum equal.
Next: set DATABASE_URL=${url.replace(/:[^:@/]*@/, ":…@")} and start the server (npm start).
Attached files: ${files.files} (${files.bytes.toLocaleString("en-US")} bytes) copied from ${config.uploadDir} into the database, where PostgreSQL keeps them${files.missing.length > 0 ? `; ${files.missing.length} listed but not in ${config.uploadDir} (already lost): ${files.missing.slice(0, 10).join(", ")}` : ""}.
The embedded database in ${config.dataDir} is left as it was; remove it once the server runs on PostgreSQL.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
