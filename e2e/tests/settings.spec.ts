import { expect, type Page, test } from "@playwright/test";
import { throwawayAccount } from "./directory-support.js";
import { THROWAWAY_PASSWORD } from "./support.js";

/*
 * Settings (issue 37) in Chromium: a person's preferences follow them to another browser. The
 * account is the test's own (what it chooses is kept on the server, for every browser).
 */

async function signInThroughTheForm(page: Page, username: string) {
  await page.goto("/webapp/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(THROWAWAY_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("preferences chosen in one browser are there in another: the colour scheme and the page after sign-in", async ({
  browser,
  request,
}) => {
  const username = await throwawayAccount(request, "staff");
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const page = await first.newPage();
    await signInThroughTheForm(page, username);
    await expect(page).toHaveURL(/\/webapp\/?$/);
    await page.goto("/webapp/settings");
    const saved = page.waitForResponse((r) => r.url().endsWith("/API/Settings/") && r.request().method() === "PUT");
    await page.getByText("Dark", { exact: true }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    const landing = page.waitForResponse((r) => r.url().endsWith("/API/Settings/") && r.request().method() === "PUT");
    await page.getByRole("textbox", { name: "Page after sign-in" }).click();
    await page.getByRole("option", { name: "Inbox" }).click();
    expect((await landing).ok()).toBe(true);

    // Another browser: nothing of the first kept in it.
    const other = await second.newPage();
    await other.goto("/webapp/login");
    await expect(other.locator("html")).not.toHaveAttribute("data-mantine-color-scheme", "dark");
    await signInThroughTheForm(other, username);
    await expect(other).toHaveURL(/\/webapp\/inbox$/);
    await expect(other.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  } finally {
    await first.close();
    await second.close();
  }
});
