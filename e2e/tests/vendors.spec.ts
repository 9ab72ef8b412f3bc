import { type APIRequestContext, expect, test } from "@playwright/test";
import { deleteAs, insertAs, recordForm, rowsOf, unique } from "./directory-support.js";
import { seriousViolations, signInWithToken } from "./support.js";

/*
 * A vendor's page in the browser: accessibility. Add, find, edit and delete are
 * directory-areas.spec.ts; the advanced search's boxes and a vendor read-only for staff are
 * component tests (apps/web/src/area-engine/*.test.tsx). Test vendors are made through the
 * API under a unique name and removed afterwards.
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
});
