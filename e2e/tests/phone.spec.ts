import { expect, test } from "@playwright/test";
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

test("a list is readable rows inside the screen, each opening its record with a tap", async ({ page }) => {
  await openSignedIn(page, "staff", "/webapp/client/all");
  const rows = page.getByRole("table", { name: "Clients" }).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const box = await rows.first().boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  const name = (await rows.first().locator("p").first().textContent()) ?? "";
  await rows.first().tap();
  await expect(page).toHaveURL(/\/webapp\/client\/de\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});
