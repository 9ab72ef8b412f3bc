import type { SentCall } from "@office/core";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import axeCore from "axe-core";

/** Signs in through the login page, as a person would, and waits for the shell. */
export async function signIn(page: Page, username: string, landing = /\/webapp\/?$/) {
  await page.goto("/webapp/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landing);
}

/**
 * Starts the page's session as a demo user without the login page, for tests about other
 * pages (the login page has its own tests): the next page opened is signed in. The token is
 * put in the tab once (a reload after the app forgets it stays signed out, as a browser's
 * would). `fresh` signs in anew, for a test that ends its session (Log out, a revoked token);
 * otherwise the user's token of this worker is shared (tokenOf).
 */
export async function signInWithToken(page: Page, username: string, { fresh = false } = {}) {
  const token = fresh ? await freshTokenOf(page.request, username) : await tokenOf(page.request, username);
  await page.addInitScript((value) => {
    try {
      if (location.protocol !== "http:" || sessionStorage.getItem("e2e.signedIn")) return;
      sessionStorage.setItem("e2e.signedIn", "1");
      localStorage.setItem("office.token", value);
    } catch {
      // about:blank has no storage.
    }
  }, token);
}

/**
 * Signs in with a token (signInWithToken) and opens a page of the web app, without the login
 * page; waits for the shell (its header comes once the guard has the user's permissions), as
 * signing in through the form does, so that the start-up calls are under way.
 */
export async function openSignedIn(page: Page, username: string, path = "/webapp/", options?: { fresh?: boolean }) {
  await signInWithToken(page, username, options);
  await page.goto(path);
  if (path.startsWith("/webapp")) await expect(page.getByRole("banner")).toBeVisible();
}

/**
 * Opens an address of the web app as its router does for a link (history and popstate), without
 * loading the app again: the route's guard and page run as for any navigation. (page.goto loads
 * the whole app, its start-up calls included, each time.)
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((url) => {
    window.history.pushState(null, "", url);
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
}

/** The password of a test's own account (directory-support.ts's throwawayAccount): the demo's is too short to set. */
export const THROWAWAY_PASSWORD = "demo-password";

/** A new session of a demo user (or a test's own account, `t…`): its token, from the API's sign-in. */
export async function freshTokenOf(request: APIRequestContext, username: string): Promise<string> {
  const password = /^t[0-9a-z]+$/.test(username) ? THROWAWAY_PASSWORD : "demo";
  const response = await request.post("/API/Authenticate/", { data: { username, password } });
  expect(response.ok(), `sign-in of ${username}`).toBe(true);
  return (await response.json()).token;
}

const tokens = new Map<string, Promise<string>>();

/**
 * A demo user's token for the calls a test makes through the API and for signInWithToken:
 * one sign-in per user in a worker, shared by its tests, which never end that session (a test
 * that does signs in anew: freshTokenOf). Each sign-in costs an argon2 verification.
 */
export function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  let token = tokens.get(username);
  if (!token) {
    token = freshTokenOf(request, username);
    tokens.set(username, token);
    token.catch(() => tokens.delete(username));
  }
  return token;
}

/** admin's token for the calls a test makes through `request` to set up and check its data. */
export const adminToken = (request: APIRequestContext): Promise<string> => tokenOf(request, "admin");

/** Rows of the data service, read with a demo account's token (test data comes from the API). */
export async function query<Row>(
  request: APIRequestContext,
  token: string,
  params: Record<string, string | number>,
): Promise<Row[]> {
  const response = await request.get("/API/Query/", {
    params,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** Console messages that report a Content-Security-Policy violation. */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * The header's project search once its dropdown has loaded (it stands in as a plain box until
 * the page settles or the pointer reaches it: shell/DeferredProjectSearch.tsx), for a test that
 * takes the network away before typing.
 */
export async function loadedProjectSearch(page: Page): Promise<Locator> {
  const box = page.getByRole("textbox", { name: "Project search" });
  await box.hover();
  await expect(box).toHaveAttribute("aria-haspopup", "listbox");
  return box;
}

export const breadcrumb = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });

/** The session token the web app keeps in the browser. */
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("office.token"));

/** Ends a session on the server, as POST /API/Logout/ with its token does (the next call is a 401). */
export async function revoke(request: APIRequestContext, token: string | null) {
  const response = await request.post("/API/Logout/", { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
}

/** The inbox's pending-approval count of a demo account, through the API's named query. */
export async function pendingApprovalCount(request: APIRequestContext, username: string): Promise<number> {
  const token = await tokenOf(request, username);
  const response = await request.post("/API/ExecuteQuery/", {
    data: { query: "pendingApprovalCount" },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data[0].TotalCount;
}

/** The count in the words the web app uses. */
export const pendingApprovalsText = (count: number) =>
  `${count === 0 ? "No" : count} pending approval${count === 1 ? "" : "s"}`;

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user reaches it. */
export async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Stops the page's clock (installed with page.clock.install) so that timers fire only with runFor. */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/**
 * Watches a page's API calls, leaving out the live event stream (it stays open for as long as
 * the page does, so "networkidle" never comes). `settled` waits until none has been open for
 * half a second.
 */
export function watchApiCalls(page: Page) {
  const open = new Set<unknown>();
  let lastChange = Date.now();
  const counted = (url: string) => {
    const path = new URL(url).pathname;
    return path.startsWith("/API/") && path !== "/API/Live/";
  };
  page.on("request", (r) => {
    if (!counted(r.url())) return;
    open.add(r);
    lastChange = Date.now();
  });
  const done = (r: { url(): string }) => {
    if (open.delete(r)) lastChange = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    settled: () =>
      expect
        .poll(() => open.size === 0 && Date.now() - lastChange >= 500, { intervals: [100], timeout: 10_000 })
        .toBe(true),
  };
}

/**
 * axe-core's violations of impact serious or critical on the page as it stands, once its
 * transitions have ended: a dialog still fading in has its text at part opacity, which axe
 * measures as too little contrast.
 */
export async function seriousViolations(page: Page, { rules }: { rules?: string[] } = {}) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // A transition starts on the frame after its element mounts: let two frames pass first.
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
        // A loader spins for ever; a fade ends.
        const ending = (a: Animation) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY;
        return document.getAnimations().filter((a) => a.playState === "running" && ending(a)).length;
      }),
    )
    .toBe(0);
  // Only the violations are read: axe then skips collecting every passing node, which costs.
  // axe is put into the page once and stays while the app navigates without loading anew
  // (AxeBuilder would inject its 500 KB again on every call, half the time of a small page).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeCore.source);
  const violations = await page.evaluate(
    (only) =>
      (window as unknown as { axe: typeof axeCore }).axe
        .run(document, {
          resultTypes: ["violations"],
          ...(only ? { runOnly: { type: "rule", values: only } } : {}),
        })
        .then((results) => results.violations),
    rules ?? null,
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/*
 * Dates worked out by the test itself (not by the app's helpers), on ISO days (YYYY-MM-DD).
 */

/** MM/DD/YYYY of an ISO date, as the forms take it. */
export const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The ISO date n days after another. */
export const plusDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Day of the week of an ISO date: 0 Sunday … 6 Saturday. */
export const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** Today in the company's time zone (ISO), as the server counts days. */
export async function companyToday(request: APIRequestContext): Promise<string> {
  const token = await adminToken(request);
  const config = await (await request.get("/API/AppConfig/", { headers: { authorization: `Bearer ${token}` } })).json();
  return new Intl.DateTimeFormat("en-CA", { timeZone: config.timeZone }).format(new Date());
}

/** An operation called as the web app calls it (core's sentCall), signed in as admin unless a token is given: its answer. */
export async function operationCall<T = Record<string, unknown>>(
  request: APIRequestContext,
  sent: SentCall,
  token?: string,
): Promise<T> {
  const response = await request.fetch(sent.path, {
    method: sent.method,
    params: sent.params,
    ...(sent.body === undefined ? {} : { data: sent.body }),
    headers: { authorization: `Bearer ${token ?? (await adminToken(request))}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}
