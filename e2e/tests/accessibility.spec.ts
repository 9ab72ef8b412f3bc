import { expect, test } from "@playwright/test";
import { seriousViolations, signIn } from "./support.js";

test("login has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/webapp/login");
  await expect(page.getByRole("heading", { name: "Sign in to Office" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("home, 404 and forbidden have no serious or critical accessibility violation", async ({ page }) => {
  await signIn(page, "staff");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/webapp/no-such-page");
  await expect(page.getByText("This page could not be found")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/webapp/shippingcompany/all");
  await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The error page, as a record that does not exist shows it.
  await page.goto("/webapp/project/de?id=abc");
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the release notes table and its record dialog have no serious or critical accessibility violation", async ({
  page,
}) => {
  await signIn(page, "admin");
  await page.goto("/webapp/rn");
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
  await signIn(page, "admin");
  await expect(page.getByRole("link", { name: /^Inbox: \d+ pending approvals$/ })).toBeVisible();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the availability panel in every status, the hours tables and the time-note dialog have no serious or critical accessibility violation", async ({
  page,
}) => {
  await signIn(page, "admin");
  const avatar = page.getByRole("button", { name: /availability and settings/ });
  const panel = page.getByRole("dialog", { name: "Availability panel" });
  await avatar.hover();
  for (const status of ["In", "Break", "Out"]) {
    await panel.getByRole("radiogroup", { name: "My availability" }).getByText(status, { exact: true }).click();
    await expect(avatar).toHaveAccessibleName(new RegExp(`\\(${status}\\)$`));
    await expect(panel.getByRole("table", { name: "Colleagues' availability" })).toBeVisible();
    expect(await seriousViolations(page), status).toEqual([]);
  }
  await page.mouse.move(0, 400);
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: /^Logged hours: / }).click();
  await expect(page.getByRole("dialog", { name: "Logged hours" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Project Notes" }).click();
  const notes = page.getByRole("dialog", { name: "Project Notes" });
  await notes.getByRole("button", { name: "Insert" }).click();
  await expect(notes.getByText("Project is required")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
