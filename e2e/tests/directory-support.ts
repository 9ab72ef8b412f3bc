import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { adminToken } from "./support.js";

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
  method: "POST" | "PUT" = "POST",
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

/** One box of an advanced search: how to fill it, its value in the address, and its condition for the API. */
export interface CriterionCase {
  param: string;
  value: string;
  where: string;
  set: () => Promise<void>;
}

/**
 * An advanced search page's form and results, checked against the API: `found(n)` waits for
 * "n records" and the first page of rows; `eachAlone` and `narrowing` run the boxes one by one.
 */
export function advancedSearch(page: Page, form: string, results: string, count: (where: string) => Promise<number>) {
  const search = page.getByRole("form", { name: form });
  const param = (name: string) => new URL(page.url()).searchParams.get(name);
  const found = async (n: number) => {
    await expect(page.getByText(`${n.toLocaleString("en-US")} records`, { exact: true })).toBeVisible();
    await expect(dataRows(page, results)).toHaveCount(Math.min(n, 50));
  };
  const submit = async (criterion: CriterionCase) => {
    await criterion.set();
    await search.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => param(criterion.param)).toBe(criterion.value);
  };
  const clear = async () => {
    await search.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
  };
  return {
    search,
    param,
    found,
    clear,
    /** Each box alone: the API's count for its condition (some, fewer than all), its value in the address. */
    async eachAlone(criteria: readonly CriterionCase[], all: number) {
      for (const criterion of criteria) {
        await submit(criterion);
        const n = await count(criterion.where);
        expect(n, criterion.param).toBeLessThan(all);
        expect(n, criterion.param).toBeGreaterThan(0);
        await found(n);
        await clear();
        await found(all);
      }
    },
    /** The boxes one after another, each narrowing what the ones before found; answers the last count. */
    async narrowing(criteria: readonly CriterionCase[], all: number) {
      const wheres: string[] = [];
      let before = all;
      for (const criterion of criteria) {
        await submit(criterion);
        wheres.push(criterion.where);
        const n = await count(wheres.map((w) => `(${w})`).join(" AND "));
        expect(n).toBeLessThanOrEqual(before);
        await found(n);
        before = n;
      }
      return before;
    },
  };
}
