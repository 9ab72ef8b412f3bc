import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn, tokenOf } from "./support.js";

const table = (page: Page) => page.getByRole("table", { name: "Release notes" });
const dataRows = (page: Page) => table(page).locator("tbody tr[tabindex]");

test.describe("release notes as staff", () => {
  test("reads the notes but gets no button to add, change or delete", async ({ page }) => {
    await signIn(page, "staff");
    await page.goto("/webapp/rn");
    await expect(table(page).getByRole("cell", { name: "The page shell" })).toBeVisible();
    await expect(page.getByRole("button", { name: "New release note" })).toHaveCount(0);
    await table(page).getByRole("cell", { name: "The page shell" }).click();
    const dialog = page.getByRole("dialog", { name: "Release note" });
    await expect(dialog.getByLabel("Title")).toHaveValue("The page shell");
    await expect(dialog.getByLabel("Title")).toHaveAttribute("readonly", "");
    await expect(dialog.getByRole("button", { name: "Update" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Delete" })).toHaveCount(0);
  });
});

test.describe("release notes as admin", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "admin");
    await page.goto("/webapp/rn");
    await expect(dataRows(page).first()).toBeVisible();
  });

  test("adds, changes and deletes a note with the spec's toasts", async ({ page }) => {
    await page.getByRole("button", { name: "New release note" }).click();
    const add = page.getByRole("dialog", { name: "New release note" });
    await expect(add.getByRole("button", { name: "Cancel" })).toBeVisible();
    await add.getByLabel("Version").fill("9.0.0");
    await add.getByLabel("Date").fill("12/01/2026");
    await add.getByLabel("Title").fill("Quarterly close");
    await add.getByLabel("Notes").fill("Ledger export added.");
    await add.getByRole("button", { name: "Insert" }).click();
    await expect(page.getByText("Record inserted successfully!")).toBeVisible();
    await expect(add).toHaveCount(0);
    await table(page).getByRole("cell", { name: "Quarterly close" }).click();
    const edit = page.getByRole("dialog", { name: "Release note" });
    await expect(edit.getByLabel("Date")).toHaveValue("12/01/2026");
    await edit.getByLabel("Title").fill("Quarterly close, revised");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Record updated successfully!")).toBeVisible();
    await expect(table(page).getByRole("cell", { name: "Quarterly close, revised" })).toBeVisible();
    await table(page).getByRole("cell", { name: "Quarterly close, revised" }).click();
    await page.getByRole("dialog", { name: "Release note" }).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this release note?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(table(page).getByRole("cell", { name: "Quarterly close, revised" })).toBeVisible();
    await page.getByRole("dialog", { name: "Release note" }).getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Record deleted successfully!")).toBeVisible();
    await expect(table(page).getByRole("cell", { name: "Quarterly close, revised" })).toHaveCount(0);
  });

  test("inserts only a valid form, and shows each rule's message on its field", async ({ page }) => {
    await page.getByRole("button", { name: "New release note" }).click();
    const add = page.getByRole("dialog", { name: "New release note" });
    await add.getByRole("button", { name: "Insert" }).click();
    await expect(add.getByText("Version is required")).toBeVisible();
    await expect(add.getByText("Date is required")).toBeVisible();
    await expect(add.getByText("Title is required")).toBeVisible();
    await add.getByLabel("Date").fill("02/30/2026");
    await expect(add.getByText("Date is not `Date` format")).toBeVisible();
    await add.getByLabel("Version").fill("x".repeat(21));
    await expect(add.getByText("Version must have at most 20 characters")).toBeVisible();
    await expect(add).toBeVisible();
  });

  test("asks before closing with unsaved data", async ({ page }) => {
    await page.getByRole("button", { name: "New release note" }).click();
    const add = page.getByRole("dialog", { name: "New release note" });
    await add.getByLabel("Title").fill("Half written");
    await add.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("You have unsaved data, Are you sure to close the panel?")).toBeVisible();
    await page.getByRole("button", { name: "No", exact: true }).click();
    await expect(add.getByLabel("Title")).toHaveValue("Half written");
    await add.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await expect(add).toHaveCount(0);
  });
});

test.describe("the searchable table", () => {
  const BULK = 60;
  test.beforeAll(async ({ request }) => {
    const token = await tokenOf(request, "admin");
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
    await signIn(page, "staff");
    await page.goto("/webapp/rn");
    await expect(dataRows(page).first()).toBeVisible();
  });

  test("pages by 50 rows, or shows every row", async ({ page }) => {
    await expect(page.getByText(`${BULK + 3} records`)).toBeVisible();
    await expect(dataRows(page)).toHaveCount(50);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "2" }).click();
    await expect(dataRows(page)).toHaveCount(BULK + 3 - 50);
    await page.getByRole("textbox", { name: "Rows per page" }).click();
    await page.getByRole("option", { name: "All rows" }).click();
    await expect(dataRows(page).first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  });

  test("sorts by a column both ways", async ({ page }) => {
    const version = table(page).getByRole("columnheader", { name: "Version" });
    await version.getByRole("button").click();
    await expect(version).toHaveAttribute("aria-sort", "ascending");
    await expect(dataRows(page).first().getByRole("cell").nth(1)).toHaveText("0.1.0");
    await version.getByRole("button").click();
    await expect(version).toHaveAttribute("aria-sort", "descending");
    await expect(dataRows(page).first().getByRole("cell").nth(1)).toHaveText("bulk-60");
  });

  test("searches the searchable columns, quotes included", async ({ page }) => {
    const search = page.getByRole("textbox", { name: "Search Release notes" });
    await search.fill("Bulk note 07");
    await expect(page.getByText("1 records")).toBeVisible();
    await expect(dataRows(page)).toHaveCount(1);
    await search.fill("it's");
    await expect(page.getByText("0 records")).toBeVisible();
  });

  test("opens a row from the keyboard", async ({ page }) => {
    await dataRows(page).first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(dataRows(page).nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Release note" })).toBeVisible();
  });

  test("exports data.xlsx: Sheet1, the first column dropped, widths fitted to the longest value plus 2", async ({
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
    expect(sheet?.rowCount).toBe(BULK + 3 + 1);
    const titles = sheet?.getColumn(3).values.slice(1).map(String) ?? [];
    expect(sheet?.getColumn(3).width).toBe(Math.max(...titles.map((t) => t.length)) + 2);
    expect(sheet?.getColumn(2).width).toBe("MM/DD/YYYY".length + 2);
  });
});
