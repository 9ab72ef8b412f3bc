import { expect, type Page, test } from "@playwright/test";
import { breadcrumb, navigateInApp, openSignedIn } from "./support.js";

type Outcome = "open" | "forbidden";
type User = "admin" | "staff" | "noperm";

/**
 * The access rules of spec section 6 (and the disabled route of 2.1), each with the three
 * demo accounts: admin (every flag), staff (view on some pages, add on none of them but
 * notes) and noperm (no permission rows at all).
 */
// biome-ignore format: one rule a line reads as the table it is
const RULES: ReadonlyArray<{ rule: string; path: string; title: string } & Record<User, Outcome>> = [
  { rule: "a data-entry path without a query needs add", path: "/project/de", title: "Project", admin: "open", staff: "forbidden", noperm: "forbidden" },
  { rule: "a data-entry path with a query needs view", path: "/project/de?id=5", title: "Project", admin: "open", staff: "open", noperm: "forbidden" },
  { rule: "a data-entry path of a page staff may not add on", path: "/employee/de", title: "Employee", admin: "open", staff: "forbidden", noperm: "forbidden" },
  { rule: "any other path needs view", path: "/employee/all", title: "Employees", admin: "open", staff: "open", noperm: "forbidden" },
  { rule: "any other path needs view, which staff lacks here", path: "/shippingcompany/all", title: "Shipping Companies", admin: "open", staff: "forbidden", noperm: "forbidden" },
  { rule: "a disabled route is closed to everyone", path: "/project/ac", title: "Project Accounting", admin: "forbidden", staff: "forbidden", noperm: "forbidden" },
  { rule: "settings is always allowed", path: "/settings", title: "Settings", admin: "open", staff: "open", noperm: "open" },
  { rule: "inbox is always allowed", path: "/inbox", title: "Inbox", admin: "open", staff: "open", noperm: "open" },
  { rule: "forbidden is always allowed", path: "/forbidden", title: "Forbidden", admin: "open", staff: "open", noperm: "open" },
];

/**
 * Opens `path` from another page, in the app (its guard runs as on any navigation, without
 * loading the app again): first a page every user may open, so that what shows after is this
 * navigation's outcome, not the last one's.
 */
async function expectOutcome(page: Page, path: string, title: string, outcome: Outcome, user: User) {
  const [between, betweenTitle] = path === "/settings" ? ["/inbox", "Inbox"] : ["/settings", "Settings"];
  await navigateInApp(page, `/webapp${between}`);
  await expect(breadcrumb(page).getByText(betweenTitle, { exact: true })).toBeVisible();
  await navigateInApp(page, `/webapp${path}`);
  if (outcome === "open") {
    await expect(page).toHaveURL(new RegExp(`/webapp${path.replace(/[?]/g, "\\?")}$`));
    await expect(breadcrumb(page).getByText(title, { exact: true })).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/webapp\/forbidden$/);
    await expect(breadcrumb(page).getByText("Forbidden", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Forbidden");
    // Why, in the page's heading: nothing granted yet, a route not available to anyone, or a permission.
    const why = user === "noperm" ? "No access yet" : path === "/project/ac" ? "Not available" : "Forbidden";
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(why);
  }
}

for (const user of ["admin", "staff", "noperm"] as const) {
  test(`the access rules of spec 6 hold for ${user}`, async ({ page }) => {
    // Home itself needs view on page 1: the guard sends noperm on to forbidden, silently.
    await openSignedIn(page, user);
    await expect(page).toHaveURL(user === "noperm" ? /\/webapp\/forbidden$/ : /\/webapp\/?$/);
    if (user === "noperm") {
      await expect(page.getByRole("alert")).toHaveCount(0);
      // A new colleague's first day: who can grant access, and no link that leads back here.
      await expect(page.getByRole("heading", { name: "No access yet" })).toBeVisible();
      // None of Home's blocks: each would read what the user may not.
      await expect(page.getByRole("region")).toHaveCount(0);
      const granters = page.getByRole("list", { name: "Who can grant access" });
      await expect(granters.getByRole("listitem").first()).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Home" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
      // Nor the project search and Quick Launch, which would only lead here again.
      await expect(page.getByRole("textbox", { name: "Quick Launch" })).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "Project search" })).toHaveCount(0);
    }
    for (const { rule, path, title, [user]: outcome } of RULES) {
      await test.step(`${rule}: ${path} is ${outcome}`, () => expectOutcome(page, path, title, outcome, user));
    }
    await test.step("login is always allowed, even signed in", async () => {
      await page.goto("/webapp/login");
      await expect(page).toHaveURL(/\/webapp\/login$/);
      await expect(page.getByRole("heading", { name: "Sign in to Office" })).toBeVisible();
    });
  });
}

test("an unknown address shows the 404 page inside the shell", async ({ page }) => {
  await openSignedIn(page, "staff", "/webapp/no/such/page");
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(breadcrumb(page).getByText("Not Found", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Not Found");
  await page.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/webapp\/?$/);
});

test("a deep link survives a reload, and without a session goes to login", async ({ page }) => {
  await openSignedIn(page, "staff", "/webapp/project/de?id=12");
  await page.reload();
  await expect(page).toHaveURL(/\/webapp\/project\/de\?id=12$/);
  await expect(page).toHaveTitle("Project - 12");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page).toHaveURL(/\/webapp\/login$/);
});
