import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { adminToken, THROWAWAY_PASSWORD, tokenOf } from "./support.js";

/** The list's table on an area's page (its accessible name is the route's title). */
export const listTable = (page: Page, name: string) => page.getByRole("table", { name });
export const dataRows = (page: Page, name: string) => listTable(page, name).locator("tbody tr[tabindex]");

/** The record form of a data-entry page: "New Client" when empty, "Client" for a record. */
export const recordForm = (page: Page, name: string) => page.getByRole("form", { name, exact: true });

/** A write through the data service as admin: how tests make and remove their data. */
export async function adminCall(
  request: APIRequestContext,
  path: string,
  data: unknown,
  method: "GET" | "POST" | "PUT" = "POST",
) {
  const token = await adminToken(request);
  const response = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

export const insertAs = async (request: APIRequestContext, table: string, fields: Record<string, unknown>) =>
  (await adminCall(request, "/API/Insert/", { table, fields })).id as number;

export const deleteAs = (request: APIRequestContext, table: string, where: string) =>
  adminCall(request, "/API/Delete/", { table, where });

/** Rows read as admin through the generic query. */
export async function rowsOf<Row = Record<string, unknown>>(
  request: APIRequestContext,
  params: Record<string, string | number>,
): Promise<Row[]> {
  const token = await adminToken(request);
  const response = await request.get("/API/Query/", { params, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** Opens the confirmation of a delete and answers it. */
export async function confirmDelete(page: Page, noun: string) {
  await page.getByRole("button", { name: "Delete", exact: true }).first().click();
  const question = page.getByRole("dialog", { name: `Delete this ${noun}?` });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Delete" }).click();
}

/** A name no other test run has made. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** How many rows the API has for a condition ("" for all). */
export const countOf = async (request: APIRequestContext, table: string, key: string, where: string) =>
  (await rowsOf(request, { table, fields: key, ...(where ? { where } : {}) })).length;

/** Picks an option of a searchable select (a reference), typing to narrow it first. */
export async function choose(scope: Locator, page: Page, label: string, option: string) {
  const box = scope.getByRole("textbox", { name: label, exact: true });
  await box.click();
  await box.fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

/**
 * An account of its own for a test that changes what a person keeps on the server (their
 * preferences): a new employee with `like`'s permissions and a sign-in, so the demo accounts
 * other tests use at the same time stay as they are. Answers its username (password "demo").
 */
export async function throwawayAccount(request: APIRequestContext, like: "staff" | "admin"): Promise<string> {
  const username = `t${unique()}`;
  const empID = await insertAs(request, "tblEmployee", { empFirstName: "Test", empLastName: username });
  const info = await request.get("/API/EmployeeInfo/", {
    headers: { authorization: `Bearer ${await tokenOf(request, like)}` },
  });
  const likeID = (await info.json()).data[0].empID as number;
  const { data } = await adminCall(request, `/API/Permissions/${likeID}`, undefined, "GET");
  await adminCall(request, `/API/Permissions/${empID}`, { rows: data }, "PUT");
  await adminCall(request, `/API/SignIn/${empID}`, { username, password: THROWAWAY_PASSWORD }, "PUT");
  return username;
}
