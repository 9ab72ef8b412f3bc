import { expect, test } from "@playwright/test";
import { signIn } from "./support.js";

test("a 401 shows Unauthorized, counts 15 seconds down, then logs out to login", async ({ page, request }) => {
  await page.clock.install();
  await signIn(page, "staff");
  // The session ends on the server (as when it expires): the next call answers 401.
  const token = await page.evaluate(() => localStorage.getItem("office.token"));
  const logout = await request.post("/API/Logout/", { headers: { authorization: `Bearer ${token}` } });
  expect(logout.ok()).toBe(true);
  await page.getByRole("textbox", { name: "Project search" }).fill("Lake");
  await page.clock.runFor(600);
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
  await expect(page.getByText("You will redirect to Login page after 15 seconds...")).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(page.getByText("You will redirect to Login page after 10 seconds...")).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(page).toHaveURL(/\/webapp\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("office.token"))).toBeNull();
});

test("the browser's online state is shown, and a call without an answer opens Server Internal Error", async ({
  page,
  context,
}) => {
  await signIn(page, "admin");
  const status = page.getByRole("status").filter({ hasText: /Online|Offline/ });
  await expect(status).toHaveText("Online");
  await context.setOffline(true);
  await expect(status).toHaveText("Offline");
  await page.getByRole("textbox", { name: "Project search" }).fill("Lake");
  await expect(page.getByRole("heading", { name: "Server Internal Error" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Response" })).toBeVisible();
  await page.getByRole("tab", { name: "Params" }).click();
  await expect(page.getByRole("tabpanel")).toContainText('"table": "vwProjectSearch"');
  await context.setOffline(false);
  await expect(status).toHaveText("Online");
  // Administrators may re-send the call with DEBUG=1; now it reaches the server.
  await page.getByRole("button", { name: "Debug" }).click();
  await page.getByRole("tab", { name: "Response" }).click();
  await expect(page.getByRole("tabpanel")).toContainText('"TotalRecords"');
});

test("staff sees no Debug button on Server Internal Error", async ({ page, context }) => {
  await signIn(page, "staff");
  await context.setOffline(true);
  await page.getByRole("textbox", { name: "Project search" }).fill("Lake");
  await expect(page.getByRole("heading", { name: "Server Internal Error" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Debug" })).toHaveCount(0);
  await context.setOffline(false);
});
