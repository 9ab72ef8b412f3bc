import { expect, type Page, test } from "@playwright/test";

async function signInAs(page: Page, username: string) {
  await page.goto("/webapp/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

test("an administrator reads the API documentation at /API/docs in a browser tab", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signInAs(page, "admin");
  await page.goto("/API/docs");
  await expect(page.getByRole("heading", { name: "Tables and views" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^vwEmployeeAvailability/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "/API/Query/", exact: true })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "OpenAPI document" }).click();
  expect((await download).suggestedFilename()).toBe("openapi.json");
  expect(violations).toEqual([]);
});

test("the API documentation tells staff it is for administrators", async ({ page }) => {
  await signInAs(page, "staff");
  await page.goto("/API/docs");
  await expect(page.getByText("The API documentation is for administrators.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tables and views" })).toHaveCount(0);
});

test("the API documentation asks a visitor without a session to sign in", async ({ page }) => {
  await page.goto("/API/docs");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/webapp\/login$/);
});
