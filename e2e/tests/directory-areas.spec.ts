import { expect, type Locator, type Page, test } from "@playwright/test";
import { choose, confirmDelete, dataRows, deleteAs, insertAs, recordForm, rowsOf } from "./directory-support.js";
import { breadcrumb, signInWithToken } from "./support.js";

/** What differs between the areas that have list, record and (some) search pages; the tests are the same. */
interface AreaCase {
  list: string;
  allPath: string;
  recordPath: string;
  searchPath?: string;
  newLabel: string;
  recordTitle: string;
  noun: string;
  table: string;
  key: string;
  nameColumn: string;
  /** Values typed into a new record, and the stored row they make. */
  fill: (form: Locator, page: Page) => Promise<void>;
  stored: Record<string, unknown>;
  /** Wrong input and each field's exact message. */
  invalid: Array<{ label: string; value: string; message: string }>;
  required: string[];
  /** A change made on the record page, and the column it lands in. */
  change: { label: string; value: string; column: string };
  staffMayView: boolean;
}

const AREAS: AreaCase[] = [
  {
    list: "Clients",
    allPath: "/client/all",
    recordPath: "/client/de",
    searchPath: "/client",
    newLabel: "New Client",
    recordTitle: "Client",
    noun: "client",
    table: "tblClient",
    key: "clientID",
    nameColumn: "clientName",
    fill: async (form, page) => {
      await form.getByRole("textbox", { name: "Name", exact: true }).fill("Harborview Test Partners");
      await form.getByLabel("Status").selectOption({ label: "Prospect" });
      await choose(form, page, "Category", "Healthcare");
      await form.getByLabel("Address", { exact: true }).fill("12 Pier Rd");
      await form.getByLabel("City").fill("Salem");
      await form.getByLabel("State").selectOption({ label: "Oregon" });
      await form.getByLabel("ZIP").fill("97301");
      await form.getByLabel("Phone").fill("(503) 555-0100");
      await form.getByLabel("Extension").fill("12");
    },
    stored: {
      clientName: "Harborview Test Partners",
      clientStatus: 1,
      categoryName: "Healthcare",
      clientState: "OR",
      clientCountry: "US",
      clientPhone: "(503) 555-0100",
      clientPhoneExt: "12",
    },
    invalid: [
      { label: "Phone", value: "503-555", message: "Phone is not `tel` format" },
      { label: "E-Mail", value: "nobody", message: "E-Mail is not `email` format" },
      { label: "Website", value: "www.example", message: "Website is not `url` format" },
      { label: "Extension", value: "12a", message: "Enter a valid number" },
    ],
    required: ["Name is required"],
    change: { label: "City", value: "Portland", column: "clientCity" },
    staffMayView: true,
  },
  {
    list: "Vendors",
    allPath: "/vendor/all",
    recordPath: "/vendor/de",
    searchPath: "/vendor",
    newLabel: "New Vendor",
    recordTitle: "Vendor",
    noun: "vendor",
    table: "tblVendor",
    key: "vendorID",
    nameColumn: "vendorName",
    fill: async (form, page) => {
      await form.getByRole("textbox", { name: "Name", exact: true }).fill("Quillfeather Test Glass");
      await choose(form, page, "Category", "Glazing");
      await form.getByLabel("Business Type").selectOption({ label: "1099" });
      await form.getByLabel("Preferred Quote").selectOption({ label: "E-Mail" });
      await form.getByLabel("E-Mail").fill("quotes@quillfeather.example");
      await form.getByLabel("Tax ID").fill("12-3456789");
      await form.getByLabel("Payment Terms").fill("Net 30");
    },
    stored: {
      vendorName: "Quillfeather Test Glass",
      vendorActive: 1,
      categoryName: "Glazing",
      vendorBusinessType: 2,
      vendorPreferredQuote: 2,
      vendorEmail: "quotes@quillfeather.example",
      vendorTaxID: "12-3456789",
    },
    invalid: [
      { label: "Phone", value: "1234", message: "Phone is not `tel` format" },
      { label: "Fax", value: "fax me", message: "Fax is not `tel` format" },
      { label: "E-Mail", value: "a@b", message: "E-Mail is not `email` format" },
    ],
    required: ["Name is required"],
    change: { label: "Payment Terms", value: "Net 45", column: "vendorPaymentTerms" },
    staffMayView: true,
  },
  {
    list: "Shipping Companies",
    allPath: "/shippingcompany/all",
    recordPath: "/shippingcompany/de",
    newLabel: "New Shipping Company",
    recordTitle: "Shipping Company",
    noun: "shipping company",
    table: "tblShippingCompany",
    key: "shippingCompanyID",
    nameColumn: "shippingCompanyName",
    fill: async (form) => {
      await form.getByRole("textbox", { name: "Name", exact: true }).fill("Zephyr Test Freight");
      await form.getByLabel("Account Number").fill("ZF-77");
      await form.getByRole("checkbox", { name: "Next Day", exact: true }).check();
      await form.getByRole("checkbox", { name: "Ground" }).check();
      await form.getByLabel("Tracking Address").fill("https://zephyr.example/track/{trackingNumber}");
    },
    stored: {
      shippingCompanyName: "Zephyr Test Freight",
      shippingCompanyActive: 1,
      shippingAccountNumber: "ZF-77",
      shippingDeliveryTypes: "|1|4|",
      shippingTrackingURL: "https://zephyr.example/track/{trackingNumber}",
    },
    invalid: [
      { label: "Tracking Address", value: "zephyr.example/track", message: "Tracking Address is not `url` format" },
      { label: "Phone", value: "(12) 345", message: "Phone is not `tel` format" },
    ],
    required: ["Name is required"],
    change: { label: "Account Number", value: "ZF-78", column: "shippingAccountNumber" },
    staffMayView: false,
  },
];

for (const area of AREAS) {
  const form = (page: Page, existing: boolean) => recordForm(page, existing ? area.recordTitle : area.newLabel);
  const view = area.table.replace("tbl", "vw").replace(/$/, area.table === "tblShippingCompany" ? "" : "Directory");
  const listView = area.table === "tblShippingCompany" ? area.table : view;

  test.describe(`${area.list} as admin`, () => {
    test.beforeEach(async ({ page }) => signInWithToken(page, "admin"));

    test("adds a record only once its input is valid", async ({ page, request }) => {
      await page.goto(`/webapp${area.allPath}`);
      await page.getByRole("link", { name: area.newLabel }).click();
      const add = form(page, false);
      for (const { label, value } of area.invalid) await add.getByLabel(label, { exact: true }).fill(value);
      await add.getByRole("button", { name: "Insert" }).click();
      for (const message of [...area.required, ...area.invalid.map((i) => i.message)]) {
        await expect(add.getByText(message, { exact: true })).toBeVisible();
      }
      for (const { label } of area.invalid) await add.getByLabel(label, { exact: true }).fill("");
      await area.fill(add, page);
      await add.getByRole("button", { name: "Insert" }).click();
      await expect(page.getByText("Record inserted successfully!")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${area.recordPath}\\?id=\\d+$`));
      const id = Number(new URL(page.url()).searchParams.get("id"));
      const [row] = await rowsOf(request, { table: listView, where: `${area.key} = ${id}` });
      expect(row).toMatchObject(area.stored);
      await deleteAs(request, area.table, `${area.key} = ${id}`);
    });

    test("lists and searches the records, opens one by id, edits it and deletes it after asking", async ({
      page,
      request,
    }) => {
      const name = `Lindqvist ${area.noun} ${Date.now()}`;
      const id = await insertAs(request, area.table, { [area.nameColumn]: name });
      await page.goto(`/webapp${area.allPath}`);
      await page.getByRole("textbox", { name: `Search ${area.list}` }).fill(name);
      await expect(dataRows(page, area.list)).toHaveCount(1);
      await dataRows(page, area.list).first().click();
      await expect(page).toHaveURL(new RegExp(`${area.recordPath}\\?id=${id}$`));
      await expect(breadcrumb(page).getByRole("button", { name: String(id) })).toBeVisible();
      await page.reload();
      const edit = form(page, true);
      await expect(edit.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
      await edit.getByLabel(area.change.label, { exact: true }).fill(area.change.value);
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Record updated successfully!")).toBeVisible();
      expect(
        await rowsOf(request, { table: area.table, fields: area.change.column, where: `${area.key} = ${id}` }),
      ).toEqual([{ [area.change.column]: area.change.value }]);
      await confirmDelete(page, area.noun);
      await expect(page.getByText("Record deleted successfully!")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${area.allPath}$`));
      expect(await rowsOf(request, { table: area.table, fields: area.key, where: `${area.key} = ${id}` })).toEqual([]);
    });

    test("an id that names no record is Not Found with a Back link", async ({ page }) => {
      await page.goto(`/webapp${area.recordPath}?id=2000000000`);
      await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    });
  });

  test.describe(`${area.list} as staff`, () => {
    test.beforeEach(async ({ page }) => signInWithToken(page, "staff"));

    test(
      area.staffMayView ? "reads records but may not add, change or delete" : "may not open the area",
      async ({ page, request }) => {
        await page.goto(`/webapp${area.allPath}`);
        if (!area.staffMayView) {
          await expect(page).toHaveURL(/\/forbidden$/);
          return;
        }
        await expect(dataRows(page, area.list).first()).toBeVisible();
        await expect(page.getByRole("link", { name: area.newLabel })).toHaveCount(0);
        const [first] = await rowsOf<Record<string, number>>(request, {
          table: area.table,
          fields: area.key,
          rowLimit: 1,
        });
        await page.goto(`/webapp${area.recordPath}?id=${first?.[area.key]}`);
        const record = form(page, true);
        await expect(record.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("readonly", "");
        await expect(record.getByRole("button", { name: "Update" })).toHaveCount(0);
        await expect(record.getByRole("button", { name: "Delete" })).toHaveCount(0);
        await page.goto(`/webapp${area.recordPath}`);
        await expect(page).toHaveURL(/\/forbidden$/);
      },
    );
  });
}
