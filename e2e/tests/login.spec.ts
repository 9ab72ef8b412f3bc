import { expect, type Page, test } from "@playwright/test";
import { pauseClock, seriousViolations, signIn, storedToken } from "./support.js";

/** Console messages that report a Content-Security-Policy violation. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function nameOf(request: import("@playwright/test").APIRequestContext, username: string) {
  const { token } = await (await request.post("/API/Authenticate/", { data: { username, password: "demo" } })).json();
  const info = await request.get("/API/EmployeeInfo/", { headers: { authorization: `Bearer ${token}` } });
  const [user] = (await info.json()).data;
  return `${user.empFirstName} ${user.empLastName}`;
}

test("staff signs in and sees their name", async ({ page, request }) => {
  const expected = await nameOf(request, "staff");
  const violations = watchCsp(page);
  await page.goto("/webapp/login");
  await page.getByLabel("Username").fill("staff");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(expected)).toBeVisible();
  await expect(page).toHaveURL(/\/webapp\/?$/);
  expect(violations).toEqual([]);
});

test("a wrong password shows the Login Failed toast for 10 seconds and stays on the page", async ({ page }) => {
  await page.clock.install();
  await page.goto("/webapp/login");
  await page.getByLabel("Username").fill("staff");
  await page.getByLabel("Password").fill("wrong");
  await pauseClock(page);
  await page.getByRole("button", { name: "Sign in" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Login Failed" });
  await expect(toast).toContainText("Username or Password is incorrect!");
  await expect(page).toHaveURL(/\/webapp\/login$/);
  await page.clock.runFor(9_500);
  await expect(toast).toBeVisible();
  await page.clock.runFor(800);
  await expect(toast).toHaveCount(0);
  // The words stay beside the form, readable in either scheme (axe runs on a running clock).
  await page.clock.resume();
  const beside = page.getByRole("form", { name: "Sign in to Office" }).getByRole("alert");
  await expect(beside).toHaveText("Username or Password is incorrect!");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, { rules: ["color-contrast"] })).toEqual([]);
  }
});

test("a deep link without a session goes to the login page", async ({ page }) => {
  await page.goto("/webapp/project/de?id=5");
  await expect(page).toHaveURL(/\/webapp\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in to Office" })).toBeVisible();
});

test("signing out ends the session: the server refuses the old token", async ({ page, request }) => {
  await signIn(page, "admin");
  const token = await storedToken(page);
  const before = await request.get("/API/EmployeeInfo/", { headers: { authorization: `Bearer ${token}` } });
  expect(before.status()).toBe(200);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/webapp\/login$/);
  expect(await storedToken(page)).toBeNull();
  const after = await request.get("/API/EmployeeInfo/", { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  await page.goto("/webapp/");
  await expect(page).toHaveURL(/\/webapp\/login$/);
});
