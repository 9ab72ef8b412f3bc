import { expect, type Page, test } from "@playwright/test";
import { signInWithToken } from "./support.js";

/*
 * The boot shell (apps/web/index.html, docs/decisions.md#first-paint): before any script
 * arrives, the page paints the shell in the scheme and layout the app will use, from the HTML
 * alone; when the app renders, it takes the shell's place.
 */

/** Holds every script of the app until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/webapp/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const html = (page: Page) => page.locator("html");

test("the login page paints its card in the dark scheme before its scripts, then the form takes its place", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  const release = await holdScripts(page);
  await page.goto("/webapp/login", { waitUntil: "commit" });
  await expect(page.locator("#boot-shell .bs-login")).toBeVisible();
  await expect(page.locator("#boot-shell .bs-app")).toBeHidden();
  await expect(html(page)).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(page.getByRole("status").filter({ hasText: "Loading Office…" })).toBeAttached();

  release();
  await expect(page.getByRole("textbox", { name: "Username" })).toBeVisible();
  await expect(page.locator("#boot-shell")).toHaveCount(0);
  await expect(html(page)).toHaveAttribute("data-mantine-color-scheme", "dark");
});

test("a phone paints its compact shell before the scripts, and Home replaces it with nothing in between", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "device", value: "MOBILE", url: baseURL ?? "" }]);
  await signInWithToken(page, "staff");
  const release = await holdScripts(page);
  await page.goto("/webapp/", { waitUntil: "commit" });
  await expect(html(page)).toHaveAttribute("data-boot", "mobile");
  await expect(page.locator("#boot-shell .bs-app")).toBeVisible();
  await expect(page.locator("#boot-shell .bs-nav")).toBeHidden();

  // From now on, the page is never blank: the shell stays until the app shows its own.
  await page.evaluate(() => {
    const blank = () => !document.getElementById("boot-shell") && !document.querySelector("#root > :not(style)");
    (window as unknown as { blankSeen: boolean }).blankSeen = false;
    new MutationObserver(() => {
      if (blank()) (window as unknown as { blankSeen: boolean }).blankSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  release();
  await expect(page.getByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening), Sam$/ })).toBeVisible();
  await expect(page.locator("#boot-shell")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { blankSeen: boolean }).blankSeen)).toBe(false);
});
