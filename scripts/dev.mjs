// `npm run dev`: the server restarting on change (tsx watch, port 3000) and Vite's dev server
// with hot reload (port 5173, proxying /API and /authenticate to the server).
import { spawn } from "node:child_process";

const tsconfig = new URL("../apps/server/test/tsconfig.json", import.meta.url).pathname;
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/server/src/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { stdio: "inherit" }),
];
console.log("Office dev: http://localhost:5173/webapp/ (API on http://localhost:3000)");
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
