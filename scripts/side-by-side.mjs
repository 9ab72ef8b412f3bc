// `npm test`: the unit and API suites and the browser suite at once, each line marked with its
// suite. The two wait on different things (the database, the browser), so together they take
// little more than the longer one. Fails when either fails; stops both on Ctrl-C.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

// The browser suite waits on timers and animations the user would see, so it keeps the CPU
// first; the unit suite (no timing of its own, 30 s per test) runs at a lower priority in the
// time the browser suite leaves (on CI's two cores, both at once made browser checks time out).
const lower = process.platform === "win32" ? "" : "nice -n 10 ";
const suites = [
  { name: "unit", command: `${lower}npm run test:unit` },
  { name: "e2e ", command: "npm run test:e2e" },
];

const started = Date.now();
const children = suites.map(({ name, command }) => {
  const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: process.env });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`[${name}] ${code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s`);
      resolve(code === 0);
    });
  });
});
const stop = () => process.exit(130);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
const passed = await Promise.all(children);
process.exit(passed.every(Boolean) ? 0 : 1);
