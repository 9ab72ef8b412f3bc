import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { deleteAs, rowsOf } from "./directory-support.js";
import { adminToken } from "./support.js";

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

/** How many rows the API finds for a where ("" for all), as its TotalRecords says. */
export async function totalOf(request: APIRequestContext, table: string, where: string): Promise<number> {
  const token = await adminToken(request);
  const params = { table, rowLimit: 1, continue: 1, ...(where ? { where } : {}) };
  const response = await request.get("/API/Query/", { params, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()).meta.TotalRecords;
}

/** The statuses of list 190 in their order. */
export const projectStatuses = (request: APIRequestContext) =>
  rowsOf<{ appLookupID: number; appLookupValue: string }>(request, {
    table: "tblAppLookup",
    fields: "appLookupID,appLookupValue",
    where: "appLookupParentID = '190'",
    order: "appLookupSort, appLookupID",
  });

/** Opens a page through the desktop menu bar, as a person would, without loading the app again. */
export async function openFromMenu(page: Page, top: string, item: string) {
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: top }).click();
  await page.getByRole("menuitem", { name: item }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);
}

/** Waits until no toast is shown: one fading out while axe reads the page measures as faint text. */
export const toastsGone = (page: Page) =>
  expect(page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Close" }) })).toHaveCount(0);

/** The newest project of the demo company. */
export async function lastProject(request: APIRequestContext) {
  const [last] = await rowsOf<{ projectID: number; projectName: string }>(request, {
    table: "tblProject",
    fields: "projectID,projectName",
    order: "projectID DESC",
    rowLimit: 1,
  });
  if (!last) throw new Error("the demo company has no project");
  return last;
}

/** Opens a project by its id through the header's Quick Launch box, with Enter. */
export async function quickLaunch(page: Page, id: number) {
  const box = page.getByRole("textbox", { name: "Quick Launch" });
  await box.fill(String(id));
  await box.press("Enter");
}
