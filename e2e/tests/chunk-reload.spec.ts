import { expect, type Page, test } from "@playwright/test";
import { openSignedIn } from "./support.js";

// After a deploy an open tab may ask for a chunk that is gone. Here the release notes page's
// chunk fails to load (its request is aborted) when the menu opens it.
const RELEASE_NOTES_CHUNK = /\/webapp\/assets\/ReleaseNotesPage-[^/]+\.js$/;

async function openReleaseNotes(page: Page) {
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: "Release Notes" }).click();
}

/** Counts the loads of the page from now on (a reload is one). */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on("load", () => loads.count++);
  return loads;
}

test("a chunk that fails to load reloads the page once, into the page being opened, which then works", async ({
  page,
}) => {
  await openSignedIn(page, "admin");
  const loads = countLoads(page);
  // Gone until the page reloads (a module preload and the import itself both ask for it).
  await page.route(RELEASE_NOTES_CHUNK, (route) => (loads.count === 0 ? route.abort() : route.continue()));
  await openReleaseNotes(page);
  await expect(page).toHaveURL(/\/webapp\/rn$/);
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  expect(loads.count).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem("office.chunkReloadAt"))).not.toBeNull();
});

test("a second chunk failure within 60 seconds does not reload again: the failure shows", async ({ page }) => {
  await openSignedIn(page, "admin");
  await page.route(RELEASE_NOTES_CHUNK, (route) => route.abort());
  const loads = countLoads(page);
  await openReleaseNotes(page);
  // The reload opens /rn, whose chunk fails again: now the error page, and no further reload.
  await expect(page.getByRole("heading", { name: "Unknown Error" })).toBeVisible();
  await expect(page.getByText(/dynamically imported module/)).toBeVisible();
  await expect(page).toHaveURL(/\/webapp\/rn$/);
  expect(loads.count).toBe(1);
});
