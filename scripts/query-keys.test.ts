import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, runtimeSources } from "./source-files.js";

/*
 * The web app's cached reads are keyed in one place (apps/web/src/services/query-keys.ts), by
 * the tables they read: a write finds every read of what it changed, and no page can key a read
 * so that a change misses it. A key spelled as an array literal anywhere else is one built by hand.
 */
const BY_HAND = /queryKey:\s*\[/g;

describe("query keys", () => {
  it("are built by query-keys.ts's helpers, never spelled by hand in the web app", () => {
    const found = runtimeSources(["apps/web/src"]).flatMap((file) =>
      [...readFileSync(join(root, file), "utf8").matchAll(BY_HAND)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
