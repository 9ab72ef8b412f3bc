import { expect, type Page, test } from "@playwright/test";
import { loadedProjectSearch, openSignedIn, pauseClock, revoke, storedToken, watchApiCalls } from "./support.js";

const countdown = (page: Page, seconds: number) =>
  page.getByText(`You will redirect to Login page after ${seconds} seconds...`);

/** After the 'Unauthorized' page has shown 15 s: the token is forgotten and the browser is on login. */
async function expectCountdownToLogin(page: Page) {
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
  await expect(countdown(page, 15)).toBeVisible();
  // Installed, the clock still flows with real time (a busy machine's second would tick the
  // countdown on): from here only the test moves it.
  await pauseClock(page);
  const left = Number((await page.getByRole("timer").textContent())?.match(/after (\d+) seconds/)?.[1]);
  expect(left).toBeGreaterThan(5);
  await page.clock.runFor(5_000);
  await expect(countdown(page, left - 5)).toBeVisible();
  await page.clock.runFor((left - 5) * 1_000);
  await expect(page).toHaveURL(/\/webapp\/login$/);
  expect(await storedToken(page)).toBeNull();
}

test.describe("a 401 starts the 15-second countdown, then logs out to login", () => {
  test.beforeEach(async ({ page }) => page.clock.install());

  test("on a call of the page", async ({ page, request }) => {
    await openSignedIn(page, "staff", "/webapp/", { fresh: true });
    // The session ends on the server (as when it expires): the next call answers 401.
    await revoke(request, await storedToken(page));
    await (await loadedProjectSearch(page)).fill("Lake");
    await page.clock.runFor(600);
    await expectCountdownToLogin(page);
  });

  test("on a navigation, while the guard loads the permissions", async ({ page, request }) => {
    await openSignedIn(page, "staff", "/webapp/", { fresh: true });
    await revoke(request, await storedToken(page));
    // Opening an address loads the app afresh: the guard asks for the permissions first.
    await page.goto("/webapp/project");
    await expectCountdownToLogin(page);
  });

  test("on a write, instead of the Failed toast", async ({ page, request }) => {
    await openSignedIn(page, "admin", "/webapp/rn", { fresh: true });
    await page.getByRole("button", { name: "New release note" }).click();
    const add = page.getByRole("dialog", { name: "New release note" });
    await add.getByLabel("Version").fill("9.9.9");
    await add.getByLabel("Date").fill("12/01/2026");
    await add.getByLabel("Title").fill("Written after the session ended");
    await revoke(request, await storedToken(page));
    const insert = page.waitForResponse((r) => r.url().endsWith("/API/Insert/"));
    await add.getByRole("button", { name: "Insert" }).click();
    expect((await insert).status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
    await expect(page.getByText("Record insert is Failed!")).toHaveCount(0);
    await expectCountdownToLogin(page);
  });
});

test("a token past its own expiry sends no call and opens Expired Session, with a way to sign in again", async ({
  page,
}) => {
  await page.clock.install();
  const calls = watchApiCalls(page);
  await openSignedIn(page, "staff", "/webapp/", { fresh: true });
  // The shell's own start-up calls (configuration, user, inbox count, colleagues, hours) are made with a fresh token.
  await calls.settled();
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/API/")) sent.push(r.url());
  });
  // Eight hours (the token's lifetime) and a minute later, by the browser's clock.
  await page.clock.fastForward("08:01:00");
  await (await loadedProjectSearch(page)).fill("Lake");
  await page.clock.runFor(600);
  await expect(page.getByRole("heading", { name: "Expired Session" })).toBeVisible();
  expect(sent).toEqual([]);
  // Opened afresh, the guard finds the same.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Expired Session" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/webapp\/login$/);
  expect(await storedToken(page)).toBeNull();
  expect(sent).toEqual([]);
});

test("the browser's online state is shown, and a call without an answer opens Server Internal Error", async ({
  page,
  context,
}) => {
  const calls = watchApiCalls(page);
  await openSignedIn(page, "admin");
  // The shell's own start-up calls have their answers before the network goes.
  await calls.settled();
  const status = page.getByRole("status").filter({ hasText: /Online|Offline/ });
  await expect(status).toHaveText("Online");
  const search = await loadedProjectSearch(page);
  await context.setOffline(true);
  await expect(status).toHaveText("Offline");
  await search.fill("Lake");
  await expect(page.getByRole("heading", { name: "Server Internal Error" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Response" })).toBeVisible();
  await page.getByRole("tab", { name: "Params" }).click();
  await expect(page.getByRole("tabpanel")).toContainText('"table": "vwProjectSearch"');
  await context.setOffline(false);
  await expect(status).toHaveText("Online");
  // Administrators may re-send the call with DEBUG=1; now it reaches the server.
  // Back online, the shell reads its own lists again too: the re-sent call is the one with DEBUG.
  const resent = page.waitForRequest((r) => r.url().includes("/API/Query/") && r.url().includes("DEBUG=1"));
  await page.getByRole("button", { name: "Debug" }).click();
  const params = new URL((await resent).url()).searchParams;
  expect(params.get("DEBUG")).toBe("1");
  expect(params.get("table")).toBe("vwProjectSearch");
  expect(params.get("where")).toContain("Lake");
  await page.getByRole("tab", { name: "Response" }).click();
  await expect(page.getByRole("tabpanel")).toContainText('"TotalRecords"');
});

test("staff sees no Debug button on Server Internal Error", async ({ page, context }) => {
  const calls = watchApiCalls(page);
  await openSignedIn(page, "staff");
  await calls.settled();
  const search = await loadedProjectSearch(page);
  await context.setOffline(true);
  await search.fill("Lake");
  await expect(page.getByRole("heading", { name: "Server Internal Error" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Params" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Debug" })).toHaveCount(0);
  await context.setOffline(false);
});
