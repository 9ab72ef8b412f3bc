import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { openSignedIn, tokenOf } from "./support.js";

const table = (page: Page) => page.getByRole("table", { name: "Release notes" });
const dataRows = (page: Page) => table(page).locator("tbody tr[tabindex]");

test.describe("the searchable table", () => {
  const BULK = 60;
  /** The notes the product ships with, beside the bulk this file adds. */
  let shipped = 0;
  test.beforeAll(async ({ request }) => {
    const token = await tokenOf(request, "admin");
    const before = await request.get("/API/Query/", {
      headers: { authorization: `Bearer ${token}` },
      params: { table: "tblReleaseNote", rowLimit: 1 },
    });
    shipped = (await before.json()).meta.TotalRecords;
    for (let i = 1; i <= BULK; i++) {
      const n = String(i).padStart(2, "0");
      const response = await request.post("/API/Insert/", {
        headers: { authorization: `Bearer ${token}` },
        data: {
          table: "tblReleaseNote",
          fields: {
            releaseNoteVersion: `bulk-${n}`,
            releaseNoteDate: "2025-01-01",
            releaseNoteTitle: `Bulk note ${n}`,
          },
        },
      });
      expect(response.ok()).toBe(true);
    }
  });
  test.afterAll(async ({ request }) => {
    const token = await tokenOf(request, "admin");
    await request.post("/API/Delete/", {
      headers: { authorization: `Bearer ${token}` },
      data: { table: "tblReleaseNote", where: "releaseNoteVersion LIKE 'bulk-%'" },
    });
  });
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, "admin", "/webapp/rn?view=table");
    await expect(dataRows(page).first()).toBeVisible();
  });

  test("shows every row, scrolled in a virtual list, when asked", async ({ page }) => {
    await expect(page.getByText(`${BULK + shipped} records`)).toBeVisible();
    await expect(dataRows(page)).toHaveCount(50);
    await page.getByRole("textbox", { name: "Rows per page" }).click();
    await page.getByRole("option", { name: "All rows" }).click();
    await expect(dataRows(page).first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  });

  test("exports data.xlsx: Sheet1, the row's key (its first column) dropped, widths fitted to the longest value plus 2", async ({
    page,
  }) => {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export to Excel" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("data.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.getWorksheet("Sheet1");
    expect(sheet).toBeDefined();
    expect(sheet?.getRow(1).values).toEqual([undefined, "Version", "Date", "Title", "Notes"]);
    expect(sheet?.rowCount).toBe(BULK + shipped + 1);
    const titles = sheet?.getColumn(3).values.slice(1).map(String) ?? [];
    expect(sheet?.getColumn(3).width).toBe(Math.max(...titles.map((t) => t.length)) + 2);
    expect(sheet?.getColumn(2).width).toBe("MM/DD/YYYY".length + 2);
  });
});
