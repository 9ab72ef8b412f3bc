import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { deleteAs, rowsOf } from "./directory-support.js";
import { tokenOf } from "./support.js";

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
  const token = await tokenOf(request, "admin");
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

/** Today in the company's time zone (ISO), as the server counts days. */
export async function companyToday(request: APIRequestContext): Promise<string> {
  const token = await tokenOf(request, "admin");
  const config = await (await request.get("/API/AppConfig/", { headers: { authorization: `Bearer ${token}` } })).json();
  return new Intl.DateTimeFormat("en-CA", { timeZone: config.timeZone }).format(new Date());
}

/** MM/DD/YYYY of an ISO date. */
export const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Waits until no toast is shown: one fading out while axe reads the page measures as faint text. */
export const toastsGone = (page: Page) =>
  expect(page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Close" }) })).toHaveCount(0);
