// Before the browser suite: Debian's Chromium must be there (e2e/playwright.config.ts runs it,
// never a downloaded browser). Where it is missing, this installs Debian's packages if it may
// (root, with apt-get), else says in one line what to install and fails, rather than letting
// the suite fail deep inside its first test.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const PACKAGES = ["chromium", "chromium-headless-shell"];
const BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
const INSTALL = `apt-get install -y ${PACKAGES.join(" ")}`;

/** The browser the suite will run: CHROMIUM_PATH, or Debian's. */
export const browserPath = (browsers = BROWSERS) =>
  process.env.CHROMIUM_PATH ?? browsers.find((path) => existsSync(path));

const mayInstall = () =>
  process.platform === "linux" &&
  process.getuid?.() === 0 &&
  spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;

function installDebians() {
  console.log(`Debian's Chromium is missing: installing it (${INSTALL})`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const command of ["apt-get update -qq", `${INSTALL} -qq`]) {
    if (spawnSync("sh", ["-c", command], { stdio: ["ignore", "ignore", "inherit"], env }).status !== 0) return false;
  }
  return browserPath() !== undefined;
}

/**
 * Whether the browser suite can run; says why not, in one line, when it cannot. The browsers
 * looked for, and whether and how to install them, are the machine's unless a test says.
 */
export function ensureBrowser({ browsers = BROWSERS, canInstall = mayInstall, install = installDebians } = {}) {
  const found = browserPath(browsers);
  if (found && existsSync(found)) return true;
  if (process.env.CHROMIUM_PATH) {
    console.error(`The browser tests need Chromium at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}, which is not there.`);
    return false;
  }
  if (canInstall() && install()) return true;
  console.error(
    `The browser tests need Debian's Chromium: run \`sudo ${INSTALL}\` (or set CHROMIUM_PATH), then npm test.`,
  );
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureBrowser() ? 0 : 1);
