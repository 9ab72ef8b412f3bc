import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * An enumeration's values are named in core (`APPROVAL.code.approved`, `CARD_STATUS.code.active`):
 * code and SQL compare a status column with a code by its name, never with a bare number, so
 * that a reader sees what is meant and a renumbering finds every use. Migrations keep their
 * literals (they are history), as do tests and seeds (they write the data as it is stored).
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = ["packages/core/src", "apps/server/src", "apps/web/src"];
const SKIPPED = /(^|\/)(node_modules|dist|migrations|seed|test)(\/|$)|\.test\.tsx?$/;

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = relative(root, path).replaceAll("\\", "/");
    if (SKIPPED.test(name)) continue;
    if (entry.isDirectory()) walk(path, found);
    else if (/\.tsx?$/.test(entry.name)) found.push(name);
  }
  return found;
}

// A status or active column compared with a number: `"ccStatus" = 1`, `empActive === 1`.
const BARE = /\b(\w*(?:ApprovalStatus|Status|Active))"?\s*(?:={1,3}|!==?|<>)\s*\d/g;

describe("enumerations", () => {
  it("are compared by their codes' names, never a bare number, outside migrations, seeds and tests", () => {
    const found = SOURCES.flatMap((dir) => walk(join(root, dir))).flatMap((file) =>
      [...readFileSync(join(root, file), "utf8").matchAll(BARE)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
