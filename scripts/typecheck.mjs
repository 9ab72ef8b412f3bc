// `npm run typecheck`: the server's build (which the others' references need) and then the
// other projects at once: tsc checks a project on one core, and CI has two.
import { execSync } from "node:child_process";
import { runAll } from "./run-all.mjs";

execSync("tsc -b apps/server", { stdio: "inherit" });
const passed = await runAll(
  ["apps/server/test", "apps/web", "e2e", "bench", "scripts"].map((project) => ({
    name: project,
    command: `tsc -p ${project}`,
  })),
);
process.exit(passed ? 0 : 1);
