import { type APIRequestContext, expect, test } from "@playwright/test";
import {
  advancedSearch,
  type CriterionCase,
  choose,
  countOf,
  dataRows,
  deleteAs,
  insertAs,
  recordForm,
  rowsOf,
  unique,
} from "./directory-support.js";
import { seriousViolations, signInWithToken } from "./support.js";

/*
 * Vendors beyond add/edit/delete (directory-areas.spec.ts): the advanced search /vendor,
 * accessibility of a vendor's page, and a vendor's page as staff (view only). Test vendors are
 * made through the API under a unique name and removed afterwards.
 */

let made: number[] = [];

test.beforeEach(() => {
  made = [];
});

test.afterEach(async ({ request }) => {
  for (const id of made) {
    const where = `vendorID = ${id}`;
    if ((await rowsOf(request, { table: "tblVendor", fields: "vendorID", where })).length > 0) {
      await deleteAs(request, "tblVendor", where);
    }
  }
});

async function makeVendor(request: APIRequestContext, fields: Record<string, unknown>) {
  const id = await insertAs(request, "tblVendor", fields);
  made.push(id);
  return id;
}

const vendorCount = (request: APIRequestContext, where: string) =>
  countOf(request, "vwVendorDirectory", "vendorID", where);

test.describe("advanced search /vendor", () => {
  test.beforeEach(async ({ page }) => signInWithToken(page, "admin"));

  test("each criterion (Name, Category, Active, Business Type, City, State) narrows the results to the API's count", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = `Vexmoor${unique()}`;
    // Categories: Steel 324, Glazing 326; business types 1 Inc, 2 1099.
    const glass = await makeVendor(request, {
      vendorName: `${token} Glass`,
      vendorCategory: 326,
      vendorActive: 0,
      vendorBusinessType: 2,
      vendorCity: "Kingston",
      vendorState: "NV",
    });
    // Found by its contact's name: Name looks in the vendor's name and its contact.
    await makeVendor(request, {
      vendorName: `Obelisk Supply ${unique()}`,
      vendorContact: `R. ${token}`,
      vendorCategory: 326,
      vendorActive: 1,
      vendorBusinessType: 2,
      vendorCity: "Lakeport",
      vendorState: "NV",
    });
    await makeVendor(request, {
      vendorName: `${token} Steelworks`,
      vendorCategory: 324,
      vendorActive: 0,
      vendorBusinessType: 1,
      vendorCity: "Kingston",
      vendorState: "ID",
    });

    const label = "Vendors found";
    const { search, found, clear, eachAlone, narrowing } = advancedSearch(page, "Search vendors", label, (where) =>
      vendorCount(request, where),
    );
    const all = await vendorCount(request, "");

    const criteria: CriterionCase[] = [
      {
        param: "name",
        value: token.toUpperCase(),
        where: `vendorName LIKE '%${token}%' OR vendorContact LIKE '%${token}%'`,
        set: () => search.getByRole("textbox", { name: "Name", exact: true }).fill(token.toUpperCase()),
      },
      {
        param: "category",
        value: "326",
        where: "vendorCategory = 326",
        set: () => choose(search, page, "Category", "Glazing"),
      },
      {
        param: "active",
        value: "0",
        where: "vendorActive = 0",
        set: async () => {
          await search.getByLabel("Active").selectOption({ label: "Inactive" });
        },
      },
      {
        param: "type",
        value: "2",
        where: "vendorBusinessType = 2",
        set: async () => {
          await search.getByLabel("Business Type").selectOption({ label: "1099" });
        },
      },
      {
        param: "city",
        value: "TON",
        where: "vendorCity LIKE '%ton%'",
        set: () => search.getByRole("textbox", { name: "City" }).fill("TON"),
      },
      {
        param: "state",
        value: "NV",
        where: "vendorState = 'NV'",
        set: async () => {
          await search.getByLabel("State").selectOption({ label: "Nevada" });
        },
      },
    ];

    await page.goto("/webapp/vendor");
    await found(all);

    // Each criterion alone: the API's count for its condition, and its value in the address.
    await eachAlone(criteria, all);
    // The name alone finds the vendor whose contact has it.
    await criteria[0]?.set();
    await search.getByRole("button", { name: "Search" }).click();
    await found(3);
    await expect(dataRows(page, label).filter({ hasText: "Obelisk Supply" })).toContainText(`R. ${token}`);
    await search.getByRole("button", { name: "Clear" }).click();
    await found(all);

    // One after another, each narrows what the ones before found, down to the one vendor matching all.
    expect(await narrowing(criteria, all)).toBe(1);
    await expect(dataRows(page, label).first()).toContainText(`${token} Glass`);

    // The search is the address: a reload keeps it, boxes and all; a row opens the vendor.
    const address = page.url();
    await page.reload();
    expect(page.url()).toBe(address);
    await found(1);
    await expect(search.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(token.toUpperCase());
    await expect(search.getByRole("textbox", { name: "Category" })).toHaveValue("Glazing");
    await expect(search.getByLabel("Active")).toHaveValue("0");
    await expect(search.getByLabel("Business Type")).toHaveValue("2");
    await expect(search.getByRole("textbox", { name: "City" })).toHaveValue("TON");
    await expect(search.getByLabel("State")).toHaveValue("NV");
    await dataRows(page, label).first().click();
    await expect(page).toHaveURL(new RegExp(`/vendor/de\\?id=${glass}$`));

    // The last search comes back when /vendor is opened bare; Clear empties it.
    await page.goto("/webapp/vendor");
    await expect.poll(() => page.url()).toBe(address);
    await found(1);
    await clear();
    await found(all);
    await expect(search.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(search.getByRole("textbox", { name: "Category" })).toHaveValue("");
    await expect(search.getByLabel("Active")).toHaveValue("");
    await expect(search.getByLabel("Business Type")).toHaveValue("");
    await expect(search.getByRole("textbox", { name: "City" })).toHaveValue("");
    await expect(search.getByLabel("State")).toHaveValue("");
    await page.goto("/webapp/vendor/all");
    await page.goto("/webapp/vendor");
    await found(all);
    expect(new URL(page.url()).search).toBe("");
  });
});

test.describe("a vendor's page", () => {
  test("has no serious or critical accessibility violation", async ({ page, request }) => {
    await signInWithToken(page, "admin");
    const id = await makeVendor(request, {
      vendorName: `Axe Test Vendor ${unique()}`,
      vendorCategory: 322,
      vendorBusinessType: 1,
      vendorPreferredQuote: 2,
      vendorCity: "Boise",
      vendorState: "ID",
      vendorNotes: "Delivers on Tuesdays.",
    });
    await page.goto(`/webapp/vendor/de?id=${id}`);
    const form = recordForm(page, "Vendor");
    await expect(form.getByRole("textbox", { name: "Category" })).toHaveValue("HVAC");
    expect(await seriousViolations(page)).toEqual([]);
    // With a rule's message showing, too.
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("");
    await form.getByRole("button", { name: "Update" }).click();
    await expect(form.getByText("Name is required", { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("staff sees every field read-only, with no Update or Delete", async ({ page, request }) => {
    const name = `Staff View Vendor ${unique()}`;
    const id = await makeVendor(request, {
      vendorName: name,
      vendorActive: 1,
      vendorCategory: 327,
      vendorBusinessType: 2,
      vendorPreferredQuote: 3,
      vendorContact: "M. Okafor",
      vendorCity: "Helena",
      vendorState: "MT",
      vendorPhone: "(406) 555-0177",
      vendorPaymentTerms: "Net 30",
      vendorNotes: "Roof crews booked a month ahead.",
    });
    await signInWithToken(page, "staff");
    await page.goto(`/webapp/vendor/de?id=${id}`);
    const form = recordForm(page, "Vendor");
    const readOnly: Array<[string, string]> = [
      ["Name", name],
      ["Contact", "M. Okafor"],
      ["Category", "Roofing"],
      ["City", "Helena"],
      ["Phone", "(406) 555-0177"],
      ["Payment Terms", "Net 30"],
      ["Notes", "Roof crews booked a month ahead."],
    ];
    for (const [label, value] of readOnly) {
      const box = form.getByRole("textbox", { name: label, exact: true });
      await expect(box).toHaveValue(value);
      await expect(box, label).toHaveAttribute("readonly", "");
    }
    for (const [label, value] of [
      ["Business Type", "2"],
      ["Preferred Quote", "3"],
      ["State", "MT"],
    ]) {
      const select = form.getByRole("combobox", { name: label, exact: true });
      await expect(select).toHaveValue(value as string);
      await expect(select, label).toBeDisabled();
    }
    await expect(form.getByRole("checkbox", { name: "Active" })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: "Active" })).toBeDisabled();
    // Typing changes nothing; there is nothing to save with and nothing to delete.
    await form.getByRole("textbox", { name: "Name", exact: true }).press("X");
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    await expect(form.getByRole("button", { name: "Update" })).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Back to the list" })).toBeVisible();
    expect(await rowsOf(request, { table: "tblVendor", fields: "vendorName", where: `vendorID = ${id}` })).toEqual([
      { vendorName: name },
    ]);
  });
});
