// `npm test`: the unit and API suites and the browser suite at once. The two wait on
// different things (the database, the browser), so together they take little more than the
// longer one. Fails when either fails.
import { ensureBrowser } from "./browser-check.mjs";
import { runAll } from "./run-all.mjs";

// Without its browser the browser suite cannot run: say so in one line before anything starts.
if (!ensureBrowser()) process.exit(1);

// The browser suite waits on timers and animations the user would see, so it keeps the CPU
// first; the unit suite (no timing of its own, 30 s per test) runs at a lower priority in the
// time the browser suite leaves (on CI's two cores, both at once made browser checks time out).
const lower = process.platform === "win32" ? "" : "nice -n 10 ";
const passed = await runAll([
  { name: "unit", command: `${lower}npm run test:unit` },
  { name: "e2e", command: "npm run test:e2e" },
]);
process.exit(passed ? 0 : 1);
