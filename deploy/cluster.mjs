#!/usr/bin/env node
/**
 * Several Office server processes on one PostgreSQL behind nginx (Debian's package), on this
 * machine: what docs/scaling.md describes, and what the load and fault runs of bench/ start.
 *
 *   DATABASE_URL=postgres://… node deploy/cluster.mjs [--processes 2] [--port 8080]
 *
 * SIGHUP restarts the processes one after another without failing a request; SIGINT or
 * SIGTERM stops everything. Each process gets TRUST_PROXY=1 (nginx sets X-Forwarded-For) and
 * the environment given; the build must exist (`npm run build`).
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = join(here, "../apps/server/dist/main.js");
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const TEMP_DIRS = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"];
/**
 * After a reload, nginx's old workers still pass on what they had already read from browsers,
 * to the old set of servers: a process is told to drain only after this grace. nginx does not
 * say when an old worker's last such request has gone out (its event streams keep it alive),
 * so a grace, as a load balancer's deregistration delay, stands for it.
 */
const DEREGISTRATION_MS = 2_000;

/** Asks `url` every 100 ms until it answers 200, for at most `ms`. */
async function until200(url, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));

/**
 * Starts `processes` servers (ports from `firstPort`) and nginx on `port` in front of them.
 * Answers the cluster: its address, its servers, and what a fault run does to them.
 */
export async function startCluster({ processes = 2, port = 8080, firstPort = 3201, env = {}, output = "ignore" } = {}) {
  const prefix = mkdtempSync(join(tmpdir(), "office-nginx-"));
  chmodSync(prefix, 0o755);
  // nginx's workers run as nobody when its master is root: their temporary files are theirs to write.
  for (const dir of TEMP_DIRS) {
    mkdirSync(join(prefix, dir));
    chmodSync(join(prefix, dir), 0o777);
  }
  const conf = join(prefix, "nginx.conf");
  const servers = Array.from({ length: processes }, (_, i) => ({ port: firstPort + i, child: null, down: false }));

  const writeConf = () => {
    const lines = servers.map(
      (server) => `    server 127.0.0.1:${server.port} max_fails=1 fail_timeout=2s${server.down ? " down" : ""};`,
    );
    const text = readFileSync(join(here, "nginx.conf.template"), "utf8")
      .replaceAll("{{PREFIX}}", prefix)
      .replaceAll("{{LISTEN}}", `127.0.0.1:${port}`)
      .replace("{{SERVERS}}", lines.join("\n"));
    writeFileSync(conf, text);
  };
  const nginxArgs = ["-p", prefix, "-c", conf];
  const workers = () => {
    const master = readFileSync(join(prefix, "nginx.pid"), "utf8").trim();
    const listed = spawnSync("pgrep", ["-P", master], { encoding: "utf8" }).stdout;
    return new Set(listed.split("\n").filter(Boolean));
  };
  /** Reloads nginx's configuration, and waits until a worker of the new one serves. */
  const reload = async () => {
    writeConf();
    const before = workers();
    const reloaded = spawnSync(NGINX, [...nginxArgs, "-s", "reload"], { encoding: "utf8" });
    if (reloaded.status !== 0) throw new Error(`nginx -s reload: ${reloaded.stderr}`);
    const deadline = Date.now() + 10_000;
    while (![...workers()].some((pid) => !before.has(pid))) {
      if (Date.now() > deadline) throw new Error("nginx did not start a worker with its new configuration");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const startServer = async (server) => {
    server.child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, ...env, PORT: String(server.port), HOST: "127.0.0.1", TRUST_PROXY: "1" },
      stdio: ["ignore", output, output],
    });
    await until200(`http://127.0.0.1:${server.port}/readyz`);
  };

  writeConf();
  // The first server migrates (and seeds an empty database) alone; the others then start together.
  const [first, ...rest] = servers;
  await startServer(first);
  await Promise.all(rest.map(startServer));
  const nginx = spawn(NGINX, [...nginxArgs, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let nginxSaid = "";
  nginx.stderr.on("data", (chunk) => {
    nginxSaid += String(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  await until200(`${url}/readyz`, 10_000).catch((error) => {
    throw new Error(`${error.message}\n${nginxSaid}`);
  });

  return {
    url,
    prefix,
    servers,
    /**
     * Restarts one server without failing a request: nginx stops sending it new ones (a
     * reload, which waits for nothing), then it drains (SIGTERM: requests in flight finish,
     * event streams end and the browser reconnects through nginx), starts again, and takes
     * requests once ready.
     */
    async restart(i) {
      const server = servers[i];
      server.down = true;
      await reload();
      await new Promise((resolve) => setTimeout(resolve, DEREGISTRATION_MS));
      server.child.kill("SIGTERM");
      await exited(server.child);
      await startServer(server);
      server.down = false;
      await reload();
    },
    async rollingRestart() {
      for (let i = 0; i < servers.length; i++) await this.restart(i);
    },
    /** A server killed outright (kill -9): nginx finds it gone and sends its requests to the others. */
    kill(i) {
      servers[i].child.kill("SIGKILL");
      return exited(servers[i].child);
    },
    /** A killed server started again, and back in nginx's rotation by itself (fail_timeout). */
    start(i) {
      return startServer(servers[i]);
    },
    /** The servers' process ids, for their memory over time. */
    pids() {
      return servers.map((server) => server.child?.pid).filter(Boolean);
    },
    async stop() {
      for (const server of servers) server.child?.kill("SIGTERM");
      nginx.kill("SIGQUIT");
      await Promise.all([...servers.map((server) => server.child && exited(server.child)), exited(nginx)]);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { processes: { type: "string", default: "2" }, port: { type: "string", default: "8080" } },
  });
  if (!process.env.DATABASE_URL) {
    console.error("Set DATABASE_URL: several processes share one PostgreSQL (the embedded database is one process's).");
    process.exit(1);
  }
  const cluster = await startCluster({
    processes: Number(values.processes),
    port: Number(values.port),
    output: "inherit",
  });
  console.log(`Office on ${cluster.url}: ${values.processes} processes behind nginx (SIGHUP restarts them in turn)`);
  process.on("SIGHUP", () => {
    cluster.rollingRestart().then(
      () => console.log("restarted every process"),
      (error) => console.error(error.message),
    );
  });
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
