import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { breadcrumb, navigateInApp, query, seriousViolations, signInWithToken, tabTo, tokenOf } from "./support.js";

interface LookupRow {
  appLookupID: number;
  appLookupValue: string | null;
  appLookupCode: string | null;
  appLookupSort: number | null;
}

const LISTS = [
  ["/list/clientcategories", "Project Categories"],
  ["/list/vendorcategories", "Vendor Categories"],
  ["/list/projectstatuscodes", "Project Status Codes"],
  ["/list/notescategories", "Notes Categories"],
  ["/list/schedulecategories", "Schedule Categories"],
  ["/list/todocategories", "To-Do Categories"],
  ["/list/productcategories", "Product Categories"],
] as const;

// Every value a test adds starts so, and is deleted through the API after each test.
const PREFIX = "E2E list value";

const table = (page: Page, title: string) => page.getByRole("table", { name: title });
/** The row of a value, found by its Delete button (named after the stored value). */
const rowOf = (page: Page, title: string, value: string) =>
  table(page, title)
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: `Delete ${value}`, exact: true }) });

async function listRows(request: APIRequestContext, group: string): Promise<LookupRow[]> {
  const token = await tokenOf(request, "admin");
  return query<LookupRow>(request, token, {
    table: "tblAppLookup",
    fields: "appLookupID,appLookupValue,appLookupCode,appLookupSort",
    where: `appLookupParentID = '${group}'`,
    order: "appLookupSort ASC, appLookupID ASC",
  });
}

test.afterEach(async ({ request }) => {
  const token = await tokenOf(request, "admin");
  const response = await request.post("/API/Delete/", {
    headers: { authorization: `Bearer ${token}` },
    data: { table: "tblAppLookup", where: `appLookupValue LIKE '${PREFIX}%'` },
  });
  // Nothing to delete is fine too (the test deleted its value itself).
  expect(response.status()).toBeLessThan(500);
});

test("/list shows the seven lists, and each opens its page with its title in the breadcrumb", async ({ page }) => {
  await signInWithToken(page, "admin");
  await page.goto("/webapp/list");
  await expect(breadcrumb(page)).toContainText("Lists");
  const links = page.getByRole("table", { name: "Lists" }).getByRole("link");
  await expect(links).toHaveText(LISTS.map(([, title]) => title));
  await expect(page.getByText("The statuses a project moves through.")).toBeVisible();
  for (const [path, title] of LISTS) {
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(`/webapp${path}`);
    await expect(breadcrumb(page)).toContainText(title);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(table(page, title).getByRole("row").nth(1)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL("/webapp/list");
  }
});

test("admin adds a value, changes it in place, moves it up and deletes it after the question", async ({
  page,
  request,
}) => {
  const title = "To-Do Categories";
  const group = "todoCategories";
  const value = `${PREFIX} ${Date.now()}`;
  const changed = `${value} changed`;
  await signInWithToken(page, "admin");
  await page.goto("/webapp/list/todocategories");
  await expect(page.getByText("The kinds of to-do.")).toBeVisible();
  await expect(table(page, title).getByRole("textbox", { name: "Value, row 1" })).not.toHaveValue("");
  const before = await listRows(request, group);
  const last = before.at(-1);
  if (!last) throw new Error("the demo company has no to-do category");

  // Add at the bottom.
  await page.getByRole("textbox", { name: "New value" }).fill(value);
  await page.getByRole("textbox", { name: "New code" }).fill("E2E");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Record inserted successfully!")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New value" })).toHaveValue("");
  const row = rowOf(page, title, value);
  await expect(row.getByRole("textbox", { name: `Value, row ${before.length + 1}` })).toHaveValue(value);
  const added = (await listRows(request, group)).find((r) => r.appLookupValue === value);
  expect(added).toMatchObject({
    appLookupCode: "E2E",
    appLookupSort: Math.max(...before.map((r) => r.appLookupSort ?? 0)) + 1,
  });
  const id = added?.appLookupID;

  // Change it in place: Save only once something changed; Enter saves.
  const save = row.getByRole("button", { name: `Save row ${before.length + 1}` });
  await expect(save).toBeDisabled();
  const input = row.getByRole("textbox", { name: `Value, row ${before.length + 1}` });
  await input.fill(changed);
  await expect(save).toBeEnabled();
  await input.press("Enter");
  await expect(page.getByText("Record updated successfully!")).toBeVisible();
  await expect
    .poll(async () => (await listRows(request, group)).find((r) => r.appLookupID === id)?.appLookupValue)
    .toBe(changed);
  const moved = rowOf(page, title, changed);
  await expect(moved.getByRole("button", { name: `Save row ${before.length + 1}` })).toBeDisabled();
  await expect(moved.getByRole("button", { name: `Move ${changed} down` })).toBeDisabled();

  // Move it up one place: it goes before the list's former last value, on the server too.
  await moved.getByRole("button", { name: `Move ${changed} up` }).click();
  await expect(moved.getByRole("textbox", { name: `Value, row ${before.length}` })).toHaveValue(changed);
  await expect(
    rowOf(page, title, last.appLookupValue ?? "").getByRole("textbox", { name: `Value, row ${before.length + 1}` }),
  ).toHaveValue(last.appLookupValue ?? "");
  await expect(moved.getByRole("button", { name: `Move ${changed} down` })).toBeEnabled();
  await expect
    .poll(async () => (await listRows(request, group)).map((r) => r.appLookupID).slice(-2))
    .toEqual([id, last.appLookupID]);

  // Delete: Cancel keeps it, Delete deletes it.
  await moved.getByRole("button", { name: `Delete ${changed}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this value?" });
  await expect(confirm).toContainText(`“${changed}” will be deleted.`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(moved).toBeVisible();
  expect((await listRows(request, group)).some((r) => r.appLookupID === id)).toBe(true);
  await moved.getByRole("button", { name: `Delete ${changed}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Record deleted successfully!")).toBeVisible();
  await expect(moved).toHaveCount(0);
  expect((await listRows(request, group)).some((r) => r.appLookupID === id)).toBe(false);
});

test("a value in use is not deleted, and the page says so in place", async ({ page, request }) => {
  const token = await tokenOf(request, "admin");
  const [client] = await query<{ clientCategory: number }>(request, token, {
    table: "tblClient",
    fields: "clientCategory",
    where: "clientCategory IS NOT NULL",
    rowLimit: 1,
  });
  const used = (await listRows(request, "clientCategories")).find((r) => r.appLookupID === client?.clientCategory);
  if (!used?.appLookupValue) throw new Error("no client has a project category");
  const value = used.appLookupValue;
  await signInWithToken(page, "admin");
  await page.goto("/webapp/list/clientcategories");
  const row = rowOf(page, "Project Categories", value);
  await row.getByRole("button", { name: `Delete ${value}` }).click();
  await page.getByRole("dialog", { name: "Delete this value?" }).getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `“${value}” is in use and cannot be deleted.` }),
  ).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Delete this value?" })).toHaveCount(0);
  await expect(row).toBeVisible();
  expect((await listRows(request, "clientCategories")).some((r) => r.appLookupID === used.appLookupID)).toBe(true);
});

test("an empty Value shows the rule's message and saves nothing", async ({ page, request }) => {
  const title = "Vendor Categories";
  const [first] = await listRows(request, "vendorCategories");
  if (!first?.appLookupValue) throw new Error("the demo company has no vendor category");
  await signInWithToken(page, "admin");
  await page.goto("/webapp/list/vendorcategories");
  const input = table(page, title).getByRole("textbox", { name: "Value, row 1" });
  await expect(input).toHaveValue(first.appLookupValue);
  await input.fill("");
  await expect(table(page, title).getByText("Value is required", { exact: true })).toBeVisible();
  await input.press("Enter");
  await table(page, title).getByRole("button", { name: "Save row 1" }).click();
  await expect(table(page, title).getByText("Value is required", { exact: true })).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const code = table(page, title).getByRole("textbox", { name: "Code, row 1" });
  await code.fill("x".repeat(51));
  await expect(table(page, title).getByText("Code must have at most 50 characters", { exact: true })).toBeVisible();
  // The add row checks the same rule.
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(table(page, title).getByText("Value is required", { exact: true })).toHaveCount(2);
  await expect(page.getByText("Record updated successfully!")).toHaveCount(0);
  await expect(page.getByText("Record inserted successfully!")).toHaveCount(0);
  const after = await listRows(request, "vendorCategories");
  expect(after.find((r) => r.appLookupID === first.appLookupID)).toEqual(first);
});

test("staff, without the Lists page, is sent to forbidden", async ({ page }) => {
  await signInWithToken(page, "staff");
  await page.goto("/webapp/list");
  await expect(page).toHaveURL(/\/webapp\/forbidden/);
  await navigateInApp(page, "/webapp/list/clientcategories");
  await expect(page).toHaveURL(/\/webapp\/forbidden/);
});

test("the lists, a list and its delete question have no serious or critical accessibility violation", async ({
  page,
}) => {
  await signInWithToken(page, "admin");
  await page.goto("/webapp/list");
  await expect(page.getByRole("table", { name: "Lists" }).getByRole("link").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await navigateInApp(page, "/webapp/list/schedulecategories");
  const rows = table(page, "Schedule Categories");
  await expect(rows.getByRole("textbox", { name: "Value, row 1" })).not.toHaveValue("");
  await rows.getByRole("textbox", { name: "Value, row 1" }).fill("");
  await expect(rows.getByText("Value is required", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await rows
    .getByRole("button", { name: /^Delete / })
    .nth(1)
    .click();
  await expect(page.getByRole("dialog", { name: "Delete this value?" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the keyboard alone adds a value and moves it to the top", async ({ page, request }) => {
  const title = "Schedule Categories";
  const group = "scheduleCategories";
  const value = `${PREFIX} keys ${Date.now()}`;
  const before = await listRows(request, group);
  await signInWithToken(page, "admin");
  await page.goto("/webapp/list/schedulecategories");
  await expect(table(page, title).getByRole("textbox", { name: "Value, row 1" })).not.toHaveValue("");
  await page.getByRole("textbox", { name: "New value" }).focus();
  await page.keyboard.type(value);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Record inserted successfully!")).toBeVisible();
  // Saved, the row is emptied for the next value, and the focus stays in it.
  await expect(page.getByRole("textbox", { name: "New value" })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "New value" })).toBeFocused();
  const row = rowOf(page, title, value);
  await row.getByRole("textbox", { name: `Misc, row ${before.length + 1}` }).focus();
  const up = row.getByRole("button", { name: `Move ${value} up` });
  await tabTo(page, up);
  // Up to the top, one Enter a place: at the top the focus goes on to Move down.
  for (let place = before.length; place >= 1; place--) {
    await page.keyboard.press("Enter");
    await expect(row.getByRole("textbox", { name: `Value, row ${place}` })).toHaveValue(value);
  }
  await expect(up).toBeDisabled();
  await expect(row.getByRole("button", { name: `Move ${value} down` })).toBeFocused();
  const id = (await listRows(request, group)).find((r) => r.appLookupValue === value)?.appLookupID;
  await expect
    .poll(async () => (await listRows(request, group)).map((r) => r.appLookupID))
    .toEqual([id, ...before.map((r) => r.appLookupID)]);
});
