import { ROUTES } from "@office/core";
import { expect, type Page, test } from "@playwright/test";
import { navigateInApp, openSignedIn, seriousViolations } from "./support.js";

/*
 * Every page in the light and the dark scheme passes axe (serious and critical violations,
 * contrast among them), under one h1: the app follows the system's scheme unless the user chose one.
 */

const SPECIAL = ["/login", "/forbidden", "/update-config"];
const RECORDS = [
  "/project/de?id=5",
  "/employee/de?id=2",
  "/client/de?id=1",
  "/vendor/de?id=1",
  "/shippingcompany/de?id=1",
  "/creditcard?id=1",
  // A record's tabs: a related list with its links and pills, an administrator's tab, History.
  "/client/de?id=1&tab=projects",
  "/employee/de?id=2&tab=permissions",
  "/project/de?id=5&tab=history",
  // The inbox's notifications, as a phone reaches them.
  "/inbox?tab=notifications",
  // A parcel's dialog with its scans.
  "/shippingcompany/shipments?id=1",
  // Administration's other tabs.
  "/admin?tab=view-as",
  "/admin?tab=permissions",
  "/admin?tab=backups",
];
const PAGES = [...ROUTES.filter((r) => !r.disabled && !SPECIAL.includes(r.path)).map((r) => r.path), ...RECORDS];
const CHUNKS = 4;

const scheme = (page: Page) => page.locator("html").getAttribute("data-mantine-color-scheme");

/** The page has shown its content: something in main, and nothing still loading. */
async function settled(page: Page) {
  await expect(page.locator("#content")).not.toBeEmpty();
  await expect(page.locator('#content [aria-busy="true"], #content .mantine-Loader-root')).toHaveCount(0);
}

for (let chunk = 0; chunk < CHUNKS; chunk++) {
  const paths = PAGES.filter((_, i) => i % CHUNKS === chunk);
  test(`pages ${paths.join(", ")} pass axe in light and in dark`, async ({ page }) => {
    test.setTimeout(30_000 + paths.length * 8_000);
    await openSignedIn(page, "admin", "/webapp/settings");
    const found: string[] = [];
    for (const path of paths) {
      await page.emulateMedia({ colorScheme: "light" });
      await navigateInApp(page, `/webapp${path === "/" ? "/" : path}`);
      await settled(page);
      // One h1 names the page, and no heading skips a level below it (axe's page-has-heading-one
      // and heading-order are only moderate findings, which seriousViolations leaves out).
      await expect(page.locator("h1"), path).toHaveCount(1);
      const levels = await page
        .locator("h1, h2, h3, h4, h5, h6")
        .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
      const skip = levels.findIndex((level, i) => i > 0 && level > (levels[i - 1] ?? 0) + 1);
      if (skip > 0) found.push(`${path}: heading levels ${levels.join(",")} skip at ${skip}`);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await expect.poll(() => scheme(page)).toBe(colorScheme);
        // The scheme changes colours only: in the dark, contrast is what there is to check again.
        const rules = colorScheme === "dark" ? { rules: ["color-contrast"] } : {};
        found.push(...(await seriousViolations(page, rules)).map((v) => `${path} (${colorScheme}): ${v}`));
      }
    }
    expect(found).toEqual([]);
  });
}

test("a colour scheme chosen in Settings is kept for that user, and another user follows the system", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openSignedIn(page, "staff", "/webapp/settings", { fresh: true });
  await expect.poll(() => scheme(page)).toBe("light");
  // The choice is the signed-in user's: it is offered once the shell knows who that is.
  await expect(page.getByRole("radio", { name: "Dark" })).toBeEnabled();
  await page.getByText("Dark", { exact: true }).click();
  await expect.poll(() => scheme(page)).toBe("dark");
  // Kept across a reload of the app, and over the system's scheme.
  await page.reload();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect.poll(() => scheme(page)).toBe("dark");
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();

  // Another user signing in on this browser gets their own (the system's, light here).
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect.poll(() => scheme(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => scheme(page)).toBe("dark");
});

test("the header's panels pass axe in light and in dark", async ({ page }) => {
  await openSignedIn(page, "admin");
  const banner = page.getByRole("banner");
  const panels = [
    {
      open: banner.getByRole("button", { name: /availability and settings/ }),
      shown: page.getByRole("dialog", { name: "Availability panel" }).getByRole("table"),
    },
    {
      open: banner.getByRole("button", { name: /^Logged hours:/ }),
      shown: page.getByRole("dialog", { name: "Logged hours" }).getByRole("table").first(),
    },
    {
      open: banner.getByRole("button", { name: /^Notifications/ }),
      shown: page
        .getByRole("dialog", { name: "Notifications" })
        .getByText(/unread$|^All read$|^Nothing to tell you yet/)
        .first(),
    },
  ];
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => scheme(page)).toBe(colorScheme);
    for (const { open, shown } of panels) {
      const name = await open.getAttribute("aria-label");
      await open.click();
      await expect(shown).toBeVisible();
      found.push(...(await seriousViolations(page)).map((v) => `${name} (${colorScheme}): ${v}`));
      // A click elsewhere puts a panel away, as a person would.
      await page.getByRole("heading", { level: 1 }).click();
      await expect(shown).toBeHidden();
    }
  }
  expect(found).toEqual([]);
});
