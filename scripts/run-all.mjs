// Runs shell commands at once, each output line marked with its command's name; resolves
// with whether every one exited 0. Ctrl-C stops them all.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** @param {{ name: string; command: string }[]} commands */
export async function runAll(commands) {
  const started = Date.now();
  const width = Math.max(...commands.map((c) => c.name.length));
  const children = commands.map(({ name, command }) => {
    const label = `[${name.padEnd(width)}]`;
    const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`${label} ${line}`));
    }
    return new Promise((resolve) => {
      child.on("exit", (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        console.log(`${label} ${code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s`);
        resolve(code === 0);
      });
    });
  });
  const stop = () => process.exit(130);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return (await Promise.all(children)).every(Boolean);
}
