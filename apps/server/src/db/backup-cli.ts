import { join } from "node:path";
import { parseArgs } from "node:util";
import { direct, loadConfig } from "../config.js";
import { backUp, manifestOf } from "./backup/backup.js";

/** `npm run backup -- [DIR]`: the database and the uploaded files into a new directory under DIR (DATA_DIR/backups). */
async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const config = loadConfig();
  const into = positionals[0] ?? join(config.dataDir, "backups");
  const started = performance.now();
  const dir = await backUp(direct(config), into);
  const { tables, uploads } = manifestOf(dir);
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up ${tables.length} tables (${rows.toLocaleString("en-US")} rows) and ${uploads.files} files in ${seconds} s into ${dir}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
