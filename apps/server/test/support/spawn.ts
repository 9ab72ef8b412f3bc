import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const TSCONFIG = fileURLToPath(new URL("../tsconfig.json", import.meta.url));

/** Runs a TypeScript fixture of the server's tests in its own Node process. */
export function spawnFixture(fixture: string, env: Record<string, string | undefined>): ChildProcess {
  const file = fileURLToPath(new URL(`../fixtures/${fixture}`, import.meta.url));
  return spawn(process.execPath, ["--import", "tsx", file], {
    env: { ...process.env, ...env, TSX_TSCONFIG_PATH: TSCONFIG },
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/** Collects a process's output and resolves with its exit code. */
export function finished(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => {
    stdout += d;
  });
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

/** Resolves with the first stdout line matching the pattern. */
export function lineMatching(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const onData = (chunk: Buffer) => {
      buffer += chunk;
      const line = buffer.split("\n").find((l) => pattern.test(l));
      if (line) {
        child.stdout?.off("data", onData);
        resolve(line);
      }
    };
    child.stdout?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`exited (${code}) before printing ${pattern}:\n${buffer}`)));
  });
}

/** The address of a fixture's server, once it says it listens ("listening <port>"). */
export async function listeningAt(child: ChildProcess): Promise<string> {
  const port = Number((await lineMatching(child, /^listening \d+/)).split(" ")[1]);
  return `http://127.0.0.1:${port}`;
}

/** A demo account's token from a server in another process, signed in over HTTP. */
export async function tokenOver(base: string, username: string): Promise<string> {
  const signedIn = await fetch(`${base}/API/Authenticate/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo" }),
  });
  return ((await signedIn.json()) as { token: string }).token;
}
