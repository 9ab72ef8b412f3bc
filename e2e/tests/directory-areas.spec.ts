import { expect, type Locator, type Page, test } from "@playwright/test";
import { choose, confirmDelete, dataRows, deleteAs, recordForm, rowsOf, unique } from "./directory-support.js";
import { breadcrumb, signInWithToken } from "./support.js";

/*
 * One end-to-end pass per area with a record page, against the real server: a record added
 * through the form, found by the advanced search (or the list's search box), read again on
 * reload, changed and deleted. The pages' generic rules (columns, each search box, the rules'
 * messages, read-only for a user who may only view, an id that names nothing, loading and
 * failures) are component tests for every area: apps/web/src/area-engine/*.test.tsx.
 */

interface AreaCase {
  list: string;
  allPath: string;
  recordPath: string;
  /** The advanced search and its form's name, where the area has one. */
  search?: { path: string; form: string; results: string };
  newLabel: string;
  recordTitle: string;
  noun: string;
  table: string;
  /** What the list reads, with the names of what a record refers to. */
  view: string;
  key: string;
  /** The box holding the record's name. */
  nameLabel: string;
  /** Values typed into a new record named `name`, and the stored row they make. */
  fill: (form: Locator, page: Page, name: string) => Promise<void>;
  stored: (name: string) => Record<string, unknown>;
  /** A change made on the record page, and the column it lands in. */
  change: { label: string; value: string; column: string };
}

const AREAS: AreaCase[] = [
  {
    list: "Employees",
    allPath: "/employee/all",
    recordPath: "/employee/de",
    search: { path: "/employee", form: "Search employees", results: "Employees found" },
    newLabel: "New Employee",
    recordTitle: "Employee",
    noun: "employee",
    table: "tblEmployee",
    view: "vwEmployeeDirectory",
    key: "empID",
    nameLabel: "Last Name",
    fill: async (form, page, name) => {
      await form.getByLabel("First Name").fill("Quinn");
      await form.getByLabel("Last Name").fill(name);
      await form.getByLabel("Phone").fill("5551234567");
      await form.getByLabel("Phone").blur();
      await expect(form.getByLabel("Phone")).toHaveValue("(555) 123-4567");
      await form.getByLabel("E-Mail").fill("quinn.zephyr@office.example");
      await form.getByLabel("Hire Date").fill("03/02/2026");
      await form.getByLabel("Employee Type").selectOption({ label: "Part Time" });
      await choose(form, page, "Department", "Engineering");
      await form.getByLabel("Office Hours Mo").fill("9:00 AM - 5:00 PM");
    },
    stored: (name) => ({
      empFirstName: "Quinn",
      empLastName: name,
      empPhone: "(555) 123-4567",
      empType: 2,
      empActive: 1,
      departmentName: "Engineering",
      empOfficeHoursMo: "9:00 AM - 5:00 PM",
      empHireDate: expect.stringMatching(/^2026-03-02/),
    }),
    change: { label: "Extension", value: "4455", column: "empOfficeExtention" },
  },
  {
    list: "Clients",
    allPath: "/client/all",
    recordPath: "/client/de",
    search: { path: "/client", form: "Search clients", results: "Clients found" },
    newLabel: "New Client",
    recordTitle: "Client",
    noun: "client",
    table: "tblClient",
    view: "vwClientDirectory",
    key: "clientID",
    nameLabel: "Name",
    fill: async (form, page, name) => {
      await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await form.getByLabel("Status").selectOption({ label: "Prospect" });
      await choose(form, page, "Category", "Healthcare");
      await form.getByLabel("Address", { exact: true }).fill("12 Pier Rd");
      await form.getByLabel("City").fill("Salem");
      await form.getByLabel("State").selectOption({ label: "Oregon" });
      await form.getByLabel("ZIP").fill("97301");
      await form.getByLabel("Phone").fill("(503) 555-0100");
      await form.getByLabel("Extension").fill("12");
    },
    stored: (name) => ({
      clientName: name,
      clientStatus: 1,
      categoryName: "Healthcare",
      clientState: "OR",
      clientCountry: "US",
      clientPhone: "(503) 555-0100",
      clientPhoneExt: "12",
    }),
    change: { label: "City", value: "Portland", column: "clientCity" },
  },
  {
    list: "Vendors",
    allPath: "/vendor/all",
    recordPath: "/vendor/de",
    search: { path: "/vendor", form: "Search vendors", results: "Vendors found" },
    newLabel: "New Vendor",
    recordTitle: "Vendor",
    noun: "vendor",
    table: "tblVendor",
    view: "vwVendorDirectory",
    key: "vendorID",
    nameLabel: "Name",
    fill: async (form, page, name) => {
      await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await choose(form, page, "Category", "Glazing");
      await form.getByLabel("Business Type").selectOption({ label: "1099" });
      await form.getByLabel("Preferred Quote").selectOption({ label: "E-Mail" });
      await form.getByLabel("E-Mail").fill("quotes@quillfeather.example");
      await form.getByLabel("Tax ID").fill("12-3456789");
      await form.getByLabel("Payment Terms").fill("Net 30");
    },
    stored: (name) => ({
      vendorName: name,
      vendorActive: 1,
      categoryName: "Glazing",
      vendorBusinessType: 2,
      vendorPreferredQuote: 2,
      vendorEmail: "quotes@quillfeather.example",
      vendorTaxID: "12-3456789",
    }),
    change: { label: "Payment Terms", value: "Net 45", column: "vendorPaymentTerms" },
  },
  {
    list: "Shipping Companies",
    allPath: "/shippingcompany/all",
    recordPath: "/shippingcompany/de",
    newLabel: "New Shipping Company",
    recordTitle: "Shipping Company",
    noun: "shipping company",
    table: "tblShippingCompany",
    view: "tblShippingCompany",
    key: "shippingCompanyID",
    nameLabel: "Name",
    fill: async (form, _page, name) => {
      await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await form.getByLabel("Account Number").fill("ZF-77");
      await form.getByRole("checkbox", { name: "Next Day", exact: true }).check();
      await form.getByRole("checkbox", { name: "Ground" }).check();
      await form.getByLabel("Tracking Address").fill("https://zephyr.example/track/{trackingNumber}");
    },
    stored: (name) => ({
      shippingCompanyName: name,
      shippingCompanyActive: 1,
      shippingAccountNumber: "ZF-77",
      shippingDeliveryTypes: "|1|4|",
      shippingTrackingURL: "https://zephyr.example/track/{trackingNumber}",
    }),
    change: { label: "Account Number", value: "ZF-78", column: "shippingAccountNumber" },
  },
];

for (const area of AREAS) {
  test(`${area.list}: a record is added, found, read again, changed and deleted against the server`, async ({
    page,
    request,
  }) => {
    const name = `Lindqvist ${unique()}`;
    const row = (id: number) => rowsOf(request, { table: area.view, where: `${area.key} = ${id}` });
    await signInWithToken(page, "admin");
    await page.goto(`/webapp${area.allPath}`);

    // Added through the form: the server stores what was typed, and its page opens.
    await page.getByRole("link", { name: area.newLabel }).click();
    await expect(page).toHaveURL(new RegExp(`${area.recordPath}$`));
    const add = recordForm(page, area.newLabel);
    await area.fill(add, page, name);
    await add.getByRole("button", { name: "Insert" }).click();
    await expect(page.getByText("Record inserted successfully!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${area.recordPath}\\?id=\\d+$`));
    const id = Number(new URL(page.url()).searchParams.get("id"));
    try {
      expect(await row(id)).toEqual([expect.objectContaining(area.stored(name))]);

      // Found by its name: the advanced search's where, or the list's box, run by the server.
      if (area.search) {
        await page.goto(`/webapp${area.search.path}`);
        const search = page.getByRole("form", { name: area.search.form });
        await search.getByRole("textbox", { name: "Name", exact: true }).fill(name);
        await search.getByRole("button", { name: "Search" }).click();
        await expect(page.getByText("1 records", { exact: true })).toBeVisible();
        await dataRows(page, area.search.results).first().click();
      } else {
        await page.goto(`/webapp${area.allPath}`);
        await page.getByRole("textbox", { name: `Search ${area.list}` }).fill(name);
        await expect(dataRows(page, area.list)).toHaveCount(1);
        await dataRows(page, area.list).first().click();
      }
      await expect(page).toHaveURL(new RegExp(`${area.recordPath}\\?id=${id}$`));
      await expect(breadcrumb(page).getByRole("button", { name: String(id) })).toBeVisible();

      // Read again on reload, changed, and deleted after the question.
      await page.reload();
      const edit = recordForm(page, area.recordTitle);
      await expect(edit.getByRole("textbox", { name: area.nameLabel, exact: true })).toHaveValue(name);
      await edit.getByLabel(area.change.label, { exact: true }).fill(area.change.value);
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Record updated successfully!")).toBeVisible();
      expect((await row(id))[0]?.[area.change.column]).toBe(area.change.value);
      await confirmDelete(page, area.noun);
      await expect(page.getByText("Record deleted successfully!")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${area.allPath}$`));
      expect(await row(id)).toEqual([]);
    } finally {
      if ((await row(id)).length > 0) await deleteAs(request, area.table, `${area.key} = ${id}`);
    }
  });
}
