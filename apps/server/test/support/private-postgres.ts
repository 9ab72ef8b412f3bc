import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The directory of PostgreSQL's server programs: PG_BIN_DIR, or the newest under /usr/lib/postgresql. */
function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error("initdb not found: install PostgreSQL's server package or set PG_BIN_DIR");
  return join(root, versions[0], "bin");
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a spare port, that a
 * test may stop and start under a running server (the machine's shared server is never
 * touched). PostgreSQL refuses to run as root: as root its programs run as user postgres.
 */
export class PrivatePostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly asUser: string[],
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), "office-pg-"));
    const asUser: string[] = [];
    if (process.getuid?.() === 0) {
      const [uid, gid] = await Promise.all(
        ["-u", "-g"].map(async (flag) => Number((await run("id", [flag, "postgres"])).stdout)),
      );
      chownSync(dir, uid as number, gid as number);
      asUser.push("runuser", "-u", "postgres", "--");
    }
    const cluster = new PrivatePostgres(dir, await freePort(), asUser);
    await cluster.#run("initdb", ["-D", cluster.#data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
    await cluster.resume();
    return cluster;
  }

  get #data() {
    return join(this.dir, "data");
  }

  async #run(program: string, args: string[]) {
    const [command, ...rest] = [...this.asUser, join(binDir(), program), ...args];
    await run(command as string, rest, { timeout: 60_000 });
  }

  /** The connection string of the cluster's `postgres` database (to create others). */
  get adminUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts the cluster and waits until it accepts connections. */
  async resume(): Promise<void> {
    const options = `-p ${this.port} -h 127.0.0.1 -k ${this.dir} -c fsync=off`;
    await this.#run("pg_ctl", ["start", "-w", "-D", this.#data, "-l", join(this.dir, "log"), "-o", options]);
  }

  /** Stops the cluster as an administrator would (fast: sessions are ended, then it shuts down). */
  async stop(): Promise<void> {
    await this.#run("pg_ctl", ["stop", "-w", "-m", "fast", "-D", this.#data]);
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
