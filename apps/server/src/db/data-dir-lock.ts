import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite is an embedded database: two processes opening one data directory would corrupt
 * it. A lock file with the owner's pid refuses the second; a stale file (its process gone)
 * is taken over. Returns the function that releases the lock.
 */
export function holdDataDirLock(dataDir: string): () => void {
  const file = join(dataDir, "office.lock");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSync(file, "utf8"));
    if (owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The data directory ${dataDir} is in use by process ${owner}. PGlite allows one server per directory; use PostgreSQL (DATABASE_URL) to run several.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
