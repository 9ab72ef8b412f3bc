import { expect, test } from "@playwright/test";
import { deleteAs, insertAs, rowsOf, unique } from "./directory-support.js";
import { openSignedIn } from "./support.js";

// A phone (390 × 844, the mobile layout): what needs a browser's layout to see. The rows' text
// as cards is a component test (apps/web/src/widgets/table/SearchableTable.test.tsx).

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "device", value: "MOBILE", url: "http://127.0.0.1" }]);
});

test("the header is one row, and the avatar panel is a sheet inside the screen with every column", async ({ page }) => {
  await openSignedIn(page, "staff");
  const header = page.getByRole("banner");
  const avatar = header.getByRole("button", { name: /availability and settings/ });
  await expect(avatar).toBeVisible();
  const menu = await header.getByRole("button", { name: "Menu" }).boundingBox();
  const avatarBox = await avatar.boundingBox();
  const headerBox = await header.boundingBox();
  // Menu and avatar side by side, the header no taller than one of its rows.
  expect(
    Math.abs((menu?.y ?? 0) + (menu?.height ?? 0) / 2 - ((avatarBox?.y ?? 0) + (avatarBox?.height ?? 0) / 2)),
  ).toBeLessThan(4);
  expect(headerBox?.height ?? 999).toBeLessThan(60);
  expect((avatarBox?.x ?? 0) + (avatarBox?.width ?? 0)).toBeLessThanOrEqual(390);

  await avatar.click();
  const panel = page.getByRole("dialog", { name: "Availability panel" });
  await expect(panel.getByRole("table")).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  // Every column of the list, each status in full.
  const table = panel.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Name", "Duration", "Status"]);
  for (const cell of await table.getByRole("row").nth(2).getByRole("cell").all()) {
    const cellBox = await cell.boundingBox();
    expect((cellBox?.x ?? 0) + (cellBox?.width ?? 999)).toBeLessThanOrEqual(390);
  }
});

test("the hours panel opens inside the screen, with every column of both tables", async ({ page }) => {
  await openSignedIn(page, "staff");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Logged hours:/ })
    .click();
  const panel = page.getByRole("dialog", { name: "Logged hours" });
  await expect(panel.getByRole("table")).toHaveCount(2);
  const box = await panel.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  for (const header of await panel.getByRole("columnheader").all()) {
    const cellBox = await header.boundingBox();
    expect((cellBox?.x ?? 0) + (cellBox?.width ?? 999), (await header.textContent()) ?? "").toBeLessThanOrEqual(390);
  }
});

test("a list is readable rows inside the screen, each opening its record with a tap", async ({ page }) => {
  await openSignedIn(page, "staff", "/webapp/client/all");
  // The rows of records (a loading list's grey rows are no records: they have no tabindex).
  const rows = page.getByRole("table", { name: "Clients" }).locator("tbody tr[tabindex]");
  await expect(rows.first()).toBeVisible();
  // Retried: a row can be drawn again (the list refreshed) between finding it and measuring it.
  await expect(async () => {
    const box = await rows.first().boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  }).toPass();
  const name = (await rows.first().locator("p").first().textContent()) ?? "";
  await rows.first().tap();
  await expect(page).toHaveURL(/\/webapp\/client\/de\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("a record dialog stays usable with the on-screen keyboard up: each field comes into view as it is focused, and it is sent", async ({
  page,
  request,
}) => {
  const clientID = await insertAs(request, "tblClient", { clientName: `Keyboard Client ${unique()}` });
  try {
    await openSignedIn(page, "admin", `/webapp/client/de?id=${clientID}`);
    await page.getByRole("tab", { name: /^Contacts/ }).tap();
    await page.getByRole("button", { name: "New Contact" }).tap();
    const dialog = page.getByRole("dialog", { name: "New Contact" });
    await expect(dialog).toBeVisible();
    // The keyboard takes the lower half of the screen: 390 × 400 is what is left to see.
    await page.setViewportSize({ width: 390, height: 400 });
    // The dialog is longer than that: its last fields and its button start below the keyboard.
    const insert = dialog.getByRole("button", { name: "Insert" });
    expect((await insert.boundingBox())?.y ?? 0).toBeGreaterThan(400);
    const typed = {
      Name: "Ada Keyboard",
      Title: "Engineer",
      "E-Mail": "ada@example.com",
      Notes: "Typed with the keyboard up",
    };
    for (const [label, text] of Object.entries(typed)) {
      const field = dialog.getByRole("textbox", { name: label, exact: true });
      await field.focus();
      await page.keyboard.type(text);
      const box = await field.boundingBox();
      expect(box, label).not.toBeNull();
      expect(box?.y ?? -1, label).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? 999), label).toBeLessThanOrEqual(400);
      expect((box?.x ?? 0) + (box?.width ?? 999), label).toBeLessThanOrEqual(390);
    }
    await insert.tap();
    await expect(dialog).toBeHidden();
    const stored = await rowsOf(request, {
      table: "tblClientContact",
      fields: "contactName,contactTitle,contactEmail,contactNotes",
      where: `clientID = ${clientID}`,
    });
    expect(stored).toEqual([
      { contactName: typed.Name, contactTitle: typed.Title, contactEmail: typed["E-Mail"], contactNotes: typed.Notes },
    ]);
  } finally {
    await deleteAs(request, "tblClientContact", `clientID = ${clientID}`);
    await deleteAs(request, "tblClient", `clientID = ${clientID}`);
  }
});
