import { expect, test } from "@playwright/test";
import { openSignedIn, query, tokenOf } from "./support.js";

// The command palette in a browser: the shortcut, what staff are offered, a record found on the
// server and opened from the keyboard. Its filtering by rights is a component test
// (apps/web/src/shell/CommandPalette.test.tsx).

test("Ctrl+K as staff offers Vendors and not Shipping Companies, and opens a vendor found by name", async ({
  page,
  request,
}) => {
  const [vendor] = await query<{ vendorID: number; vendorName: string }>(request, await tokenOf(request, "staff"), {
    table: "vwVendorDirectory",
    fields: "vendorID,vendorName",
    order: "vendorID",
    rowLimit: 1,
  });
  await openSignedIn(page, "staff");
  // The shortcut is the shell's once it knows who is signed in (its header names them): a key
  // pressed before went nowhere (seen on a loaded CI).
  await expect(page.getByRole("banner").getByText("Sam Taylor")).toBeVisible();
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog");
  const search = palette.getByRole("textbox", { name: "Search pages, records and actions" });
  await expect(search).toBeFocused();
  await expect(palette.getByRole("button", { name: /^Vendors/ })).toBeVisible();
  await expect(palette.getByRole("button", { name: /Shipping Compan/ })).toHaveCount(0);

  await search.fill(vendor?.vendorName ?? "");
  // The vendors of that name, in the list's order (name, then id): the first is the first by id,
  // told apart from others of its name by its city and state.
  const found = palette.getByRole("button", {
    name: new RegExp(`^${vendor?.vendorName} Vendor ${vendor?.vendorID}( · .+)?$`),
  });
  await expect(found).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/webapp/vendor/de\\?id=${vendor?.vendorID}$`));
  await expect(page.getByRole("heading", { level: 1, name: vendor?.vendorName })).toBeVisible();
});
