import { parseArgs } from "node:util";
import { direct, loadConfig } from "../config.js";
import { restore } from "./backup/restore.js";

/**
 * `npm run restore -- <BACKUP> [--replace]`: a backup's database and files into the configured
 * place (DATABASE_URL, or DATA_DIR; UPLOAD_DIR), with the server stopped, then compared with the
 * backup's manifest table by table.
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: "boolean", default: false } },
  });
  const backup = positionals[0];
  if (!backup) throw new Error("Name the backup to restore: npm run restore -- <its directory> [--replace]");
  const started = performance.now();
  const restored = await restore(direct(loadConfig()), backup, values.replace);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const table of restored.tables.filter((t) => !t.same)) {
    console.log(
      `${table.table}: ${JSON.stringify(table.target)} where the backup holds ${JSON.stringify(table.source)}`,
    );
  }
  for (const path of restored.keptAside) console.log(`What was there before is kept in ${path}`);
  if (!restored.same) throw new Error("The restore differs from the backup's manifest: do not start the server on it.");
  const rows = restored.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${restored.tables.length} tables (${rows.toLocaleString("en-US")} rows) and ${restored.uploads.files} files of ${restored.manifest.createdTS} in ${seconds} s: each equal to the backup's manifest.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
