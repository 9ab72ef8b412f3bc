import { expect, type Page, test } from "@playwright/test";
import { breadcrumb, signIn } from "./support.js";

async function expectOpen(page: Page, path: string, title: string) {
  await page.goto(`/webapp${path}`);
  await expect(page).toHaveURL(new RegExp(`/webapp${path.replace(/[?]/g, "\\?")}$`));
  await expect(breadcrumb(page).getByText(title, { exact: true })).toBeVisible();
}

async function expectForbidden(page: Page, path: string) {
  await page.goto(`/webapp${path}`);
  await expect(page).toHaveURL(/\/webapp\/forbidden$/);
  await expect(breadcrumb(page).getByText("Forbidden", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Forbidden");
}

test("admin opens data entry to add, every area, and never the disabled project accounting", async ({ page }) => {
  await signIn(page, "admin");
  await expectOpen(page, "/project/de", "Project");
  await expectOpen(page, "/shippingcompany/all", "Shipping Companies");
  await expectOpen(page, "/list/clientcategories", "Project Categories");
  await expectOpen(page, "/creditcard/all", "Credit Cards");
  await expectForbidden(page, "/project/ac");
});

test("staff views but does not add: a data-entry path needs add without a query, view with one", async ({ page }) => {
  await signIn(page, "staff");
  await expectForbidden(page, "/project/de");
  await expectOpen(page, "/project/de?id=5", "Project");
  await expectOpen(page, "/project", "Project Search");
  await expectOpen(page, "/employee/all", "Employees");
  await expectForbidden(page, "/shippingcompany/all");
  await expectForbidden(page, "/employee/de");
  await expectForbidden(page, "/statusaudit");
  await expectOpen(page, "/settings", "Settings");
  await expectOpen(page, "/inbox", "Inbox");
});

test("an employee without permission rows is denied silently, but keeps settings and inbox", async ({ page }) => {
  // Home itself needs view on page 1: the guard sends noperm on to forbidden.
  await signIn(page, "noperm", /\/webapp\/forbidden$/);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectForbidden(page, "/project");
  await expectForbidden(page, "/rn");
  await expectOpen(page, "/settings", "Settings");
  await expectOpen(page, "/inbox", "Inbox");
});

test("an unknown address shows the 404 page inside the shell", async ({ page }) => {
  await signIn(page, "staff");
  await page.goto("/webapp/no/such/page");
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(breadcrumb(page).getByText("Not Found", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Not Found");
  await page.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/webapp\/?$/);
});

test("a deep link survives a reload, and without a session goes to login", async ({ page }) => {
  await signIn(page, "staff");
  await page.goto("/webapp/project/de?id=12");
  await page.reload();
  await expect(page).toHaveURL(/\/webapp\/project\/de\?id=12$/);
  await expect(page).toHaveTitle("Project - 12");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page).toHaveURL(/\/webapp\/login$/);
});
