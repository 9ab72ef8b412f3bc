import { expect, test } from "@playwright/test";
import { openSignedIn } from "./support.js";

// Needs a browser's layout. The other inputs (a date typed or picked from the calendar, a date
// range's messages) are component tests: apps/web/src/widgets/form/FieldInput.test.tsx,
// widgets/search/CriteriaSearchPage.test.tsx.

test.describe("record form inputs", () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, "admin", "/webapp/rn");
    await page.getByRole("button", { name: "New release note" }).click();
  });

  test("the note text starts at 3 rows and grows to 8, no further", async ({ page }) => {
    const notes = page.getByRole("dialog", { name: "New release note" }).getByRole("textbox", { name: "Notes" });
    const height = async (lines: number) => {
      await notes.fill(Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join("\n"));
      await expect.poll(() => notes.evaluate((el) => el.scrollHeight >= el.clientHeight)).toBe(true);
      return notes.evaluate((el) => el.getBoundingClientRect().height);
    };
    // At least three rows: a fourth line is the first to grow it.
    const one = await height(1);
    expect(await height(3)).toBe(one);
    const four = await height(4);
    expect(four).toBeGreaterThan(one);
    // At most eight: a ninth line scrolls instead (a scrollbar may move it by a pixel or two).
    const seven = await height(7);
    expect(seven).toBeGreaterThan(four);
    const eight = await height(8);
    expect(eight).toBeGreaterThan(seven);
    expect(Math.abs((await height(9)) - eight)).toBeLessThanOrEqual(2);
    expect(Math.abs((await height(30)) - eight)).toBeLessThanOrEqual(2);
  });
});
