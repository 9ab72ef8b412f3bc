import { test } from "@playwright/test";
import { deleteAs, rowsOf } from "./directory-support.js";

/**
 * Data a test makes through the API, removed after it (last made first) where the test did
 * not remove it itself. Call at the top of a spec file; answers how to note a made row.
 */
export function removedAfterEachTest() {
  const made: Array<{ table: string; where: string }> = [];
  test.afterEach(async ({ request }) => {
    for (const { table, where } of made.splice(0).reverse()) {
      if ((await rowsOf(request, { table, where })).length > 0) await deleteAs(request, table, where);
    }
  });
  return (table: string, where: string) => void made.push({ table, where });
}
