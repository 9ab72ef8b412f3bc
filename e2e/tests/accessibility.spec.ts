import { expect, test } from "@playwright/test";
import { navigateInApp, openSignedIn, seriousViolations } from "./support.js";

test("login has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/webapp/login");
  await expect(page.getByRole("heading", { name: "Sign in to Office" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("home, 404 and forbidden have no serious or critical accessibility violation", async ({ page }) => {
  await openSignedIn(page, "staff");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await navigateInApp(page, "/webapp/no-such-page");
  await expect(page.getByText("This page could not be found")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await navigateInApp(page, "/webapp/shippingcompany/all");
  await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The error page, as a record that does not exist shows it.
  await navigateInApp(page, "/webapp/project/de?id=abc");
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the release notes table and its record dialog have no serious or critical accessibility violation", async ({
  page,
}) => {
  await openSignedIn(page, "admin", "/webapp/rn?view=table");
  await expect(page.getByRole("table", { name: "Release notes" }).getByRole("cell").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "New release note" }).click();
  await expect(page.getByRole("dialog", { name: "New release note" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the mobile layout with its menu open has no serious or critical accessibility violation", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "device", value: "MOBILE", url: "http://127.0.0.1" }]);
  // admin: every header item, and approvals pending on the inbox.
  await openSignedIn(page, "admin");
  await expect(page.getByRole("link", { name: /^Inbox: \d+ pending approvals$/ })).toBeVisible();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
