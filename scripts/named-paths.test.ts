import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, root } from "./source-files.js";

/*
 * The docs and the code's comments name source files (`db/caller.ts`, `services/failures.ts`)
 * to send a reader there: each name must be a file that exists, or the reader is sent nowhere.
 * bench/RESULTS.md is left out: it is a dated log, and a file it names may since have gone.
 */

const SKIPPED = new Set(["node_modules", "dist", ".git", "test-results", "playwright-report", "migrations"]);
const skipped = (path: string) => {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return SKIPPED.has(name) || name.startsWith(".");
};

const files = filesUnder(".", skipped);
const known = new Set(files);
/** What the docs name beside the project: the shared contracts and the specification. */
const BESIDE = new Set(["DESIGN.md", "STYLE.md", "office-app-spec.md"]);
/** Short names the docs use for a workspace's sources. */
const PACKAGES: Record<string, string> = { "core/": "packages/core/src/" };
// A path with a file extension of the project's sources or docs, not part of a longer word, an
// address or a pattern (`*.test.ts`, `.panel.ts`); `./x.js` specifiers of imports are not names
// for a reader.
const NAMED = /(?<![\w@/.:*-])((?:[\w-]+\/)*\w[\w.-]*\.(?:tsx?|mjs|js|css|md))(?![\w/])/g;

/** Whether a name is a file: from the root, the end of a file's path, or built from one. */
function exists(name: string): boolean {
  if (BESIDE.has(name)) return true;
  const candidates = [name];
  for (const [short, long] of Object.entries(PACKAGES)) {
    if (name.startsWith(short)) candidates.push(long + name.slice(short.length));
  }
  // A built file (`dist/main.js`) or an import's `.js` names its TypeScript source.
  for (const candidate of [...candidates]) {
    const source = candidate.replace(/(^|\/)dist\//, "$1src/");
    candidates.push(source.replace(/\.js$/, ".ts"), source.replace(/\.js$/, ".tsx"));
  }
  return candidates.some((candidate) => known.has(candidate) || files.some((file) => file.endsWith(`/${candidate}`)));
}

/** The names in a text: all of a Markdown file; the comments of a source. */
function namesIn(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const prose = file.endsWith(".md")
    ? text
    : text
        .split("\n")
        .map((line) => {
          const at = line.indexOf("// ");
          return at >= 0 ? line.slice(at) : /^\s*\/?\*/.test(line) ? line : "";
        })
        .join("\n");
  return [...prose.matchAll(NAMED)].map((match) => match[1] as string);
}

describe("the files the docs and comments name", () => {
  const readable = files.filter(
    (file) => (/^(README\.md|docs\/.+\.md)$/.test(file) || /\.(tsx?|mjs)$/.test(file)) && file !== "bench/RESULTS.md",
  );

  it("finds the docs and the sources to read", () => {
    expect(readable).toContain("docs/ARCHITECTURE.md");
    expect(readable).toContain("apps/server/src/db/pglite-pool.ts");
  });

  it("exist, each of them", () => {
    const missing = readable.flatMap((file) =>
      namesIn(file).flatMap((name) => (exists(name) ? [] : [`${file}: ${name}`])),
    );
    expect(missing).toEqual([]);
  });

  it("would catch a name that does not exist", () => {
    expect(exists("db/caller.ts")).toBe(true);
    expect(exists("core/site.ts")).toBe(true);
    expect(exists("apps/server/dist/main.js")).toBe(true);
    expect(exists("app/failures.ts")).toBe(false);
    expect(exists("data/writing.ts")).toBe(false);
  });
});
