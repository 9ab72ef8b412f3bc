import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, runtimeSources } from "./source-files.js";

/*
 * An enumeration's values are named in core (`APPROVAL.code.approved`, `CARD_STATUS.code.active`):
 * code and SQL compare a status column with a code by its name, never with a bare number, so
 * that a reader sees what is meant and a renumbering finds every use. Migrations keep their
 * literals (they are history), as do tests and seeds (they write the data as it is stored).
 */

// A status or active column compared with a number: `"ccStatus" = 1`, `empActive === 1`.
const BARE = /\b(\w*(?:ApprovalStatus|Status|Active))"?\s*(?:={1,3}|!==?|<>)\s*\d/g;

describe("enumerations", () => {
  it("are compared by their codes' names, never a bare number, outside migrations, seeds and tests", () => {
    const found = runtimeSources(["packages/core/src", "apps/server/src", "apps/web/src"]).flatMap((file) =>
      [...readFileSync(join(root, file), "utf8").matchAll(BARE)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
