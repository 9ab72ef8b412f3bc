import { expect, type Page, test } from "@playwright/test";
import { signIn, tokenOf } from "./support.js";

const table = (page: Page) => page.getByRole("table", { name: "Time notes" });
const dataRows = (page: Page) => table(page).locator("tbody tr[tabindex]");

test.describe("a search of more than 20,000 records", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "admin");
    // Every note the demo company has logged (some 50,000), not the week the page opens on.
    await page.goto("/webapp/project/pn?loggedFrom=01/01/2000");
  });

  test("No leaves the table empty", async ({ page }) => {
    const ask = page.getByRole("dialog", { name: "Load every record?" });
    await expect(ask).toContainText("more than 20,000");
    await ask.getByRole("button", { name: "No", exact: true }).click();
    await expect(ask).toHaveCount(0);
    await expect(dataRows(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Export to Excel" })).toBeDisabled();
  });

  test("closing the question leaves the table empty too", async ({ page }) => {
    const ask = page.getByRole("dialog", { name: "Load every record?" });
    await expect(ask).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(ask).toHaveCount(0);
    await expect(dataRows(page)).toHaveCount(0);
  });

  test("Yes loads every record, 50 to a page", async ({ page }) => {
    const ask = page.getByRole("dialog", { name: "Load every record?" });
    await ask.getByRole("button", { name: "Yes", exact: true }).click();
    await expect(dataRows(page)).toHaveCount(50, { timeout: 20_000 });
    const pages = page.getByRole("navigation", { name: "Pages" });
    // The pages come once all 50,000 rows are in (the second call), which takes seconds on PGlite.
    await expect(pages.getByRole("button", { name: "Next page" })).toBeEnabled({ timeout: 20_000 });
  });

  test("a narrower search under the threshold loads without asking", async ({ page, request }) => {
    const token = await tokenOf(request, "admin");
    const response = await request.get("/API/Query/", {
      headers: { authorization: `Bearer ${token}` },
      params: {
        table: "tblProjectNotes",
        fields: "projectNotesID",
        where: "ProjectNotesDesc LIKE '%drawings%'",
        rowLimit: 1,
      },
    });
    const total: number = (await response.json()).meta.TotalRecords;
    expect(total).toBeGreaterThan(50);
    expect(total).toBeLessThan(20_000);
    const ask = page.getByRole("dialog", { name: "Load every record?" });
    await ask.getByRole("button", { name: "No", exact: true }).click();
    await page.getByRole("textbox", { name: "Search Time notes" }).fill("drawings");
    await expect(page.getByText(`${total.toLocaleString("en-US")} records`, { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(dataRows(page)).toHaveCount(50);
    await expect(ask).toHaveCount(0);
  });
});
