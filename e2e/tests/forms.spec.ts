import { expect, type Page, test } from "@playwright/test";
import { plusDays, query, signIn, tokenOf, us } from "./support.js";

const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

test.describe("record form inputs", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "admin");
    await page.goto("/webapp/rn");
    await page.getByRole("button", { name: "New release note" }).click();
  });

  test("a date is typed as MM/DD/YYYY or picked from a calendar that opens at it", async ({ page }) => {
    const add = page.getByRole("dialog", { name: "New release note" });
    await add.getByRole("textbox", { name: "Date" }).fill("03/10/2026");
    await add.getByRole("button", { name: "Open calendar" }).click();
    const calendar = page.getByRole("dialog", { name: "Open calendar" });
    await calendar.getByRole("button", { name: "15 March 2026" }).click();
    await expect(add.getByRole("textbox", { name: "Date" })).toHaveValue("03/15/2026");
    await expect(calendar).toHaveCount(0);
    // From the keyboard: the calendar opens on the typed day; a week on is one arrow down.
    await add.getByRole("button", { name: "Open calendar" }).press("Enter");
    await expect(calendar.getByRole("button", { name: "15 March 2026" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(add.getByRole("textbox", { name: "Date" })).toHaveValue("03/22/2026");
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

test.describe("a date range filter", () => {
  const rows = (page: Page) => page.getByRole("table", { name: "Time notes" }).locator("tbody tr[tabindex]");

  test("names a malformed or reversed range, and searches whole days when it is right", async ({ page, request }) => {
    await signIn(page, "admin");
    await page.goto("/webapp/project/pn");
    const range = page.getByRole("group", { name: "Logged" });
    const from = range.getByRole("textbox", { name: "From" });
    const to = range.getByRole("textbox", { name: "To" });

    await from.fill("13/01/2026");
    await expect(range.getByText("Logged is not `date` format")).toBeVisible();
    const [first, last] = [iso(daysAgo(3)), iso(daysAgo(2))];
    await from.fill(us(last));
    await to.fill(us(first));
    await expect(range.getByText("start date must be less than end date")).toBeVisible();

    await from.fill(us(first));
    await to.fill(us(last));
    await expect(range.getByText("start date must be less than end date")).toHaveCount(0);
    await page.getByRole("form", { name: "Search time notes" }).getByRole("button", { name: "Search" }).click();
    const token = await tokenOf(request, "admin");
    const dayAfter = plusDays(last, 1);
    const expected = await query<{ projectNotesID: number }>(request, token, {
      table: "tblProjectNotes",
      fields: "projectNotesID",
      where: `createdTS >= '${first}' AND createdTS < '${dayAfter}'`,
    });
    expect(expected.length).toBeGreaterThan(0);
    await expect(page.getByText(`${expected.length.toLocaleString("en-US")} records`)).toBeVisible();
    await expect(rows(page)).toHaveCount(Math.min(expected.length, 50));
  });
});
