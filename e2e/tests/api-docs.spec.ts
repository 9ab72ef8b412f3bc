import { expect, test } from "@playwright/test";
import { openSignedIn } from "./support.js";

test("an administrator reads the API documentation at /API/docs in a browser tab", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The tab holds the web app's token, as after signing in to it.
  await openSignedIn(page, "admin", "/API/docs");
  await expect(page.getByRole("heading", { name: "Tables and views" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^vwEmployeeAvailability/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "/API/Query/", exact: true })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "OpenAPI document" }).click();
  expect((await download).suggestedFilename()).toBe("openapi.json");
  expect(violations).toEqual([]);
});

test("the API documentation tells staff it is for administrators", async ({ page }) => {
  await openSignedIn(page, "staff", "/API/docs");
  await expect(page.getByText("The API documentation is for administrators.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tables and views" })).toHaveCount(0);
});

test("the API documentation asks a visitor without a session to sign in", async ({ page }) => {
  await page.goto("/API/docs");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/webapp\/login$/);
});
