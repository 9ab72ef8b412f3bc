import { expect, type Page, type Route, test } from "@playwright/test";
import { signIn } from "./support.js";

// These tests check how the web app maps a failed call onto spec 8's catalogue, so they
// answer the project search's call themselves with the status under test (page.route); the
// API's own statuses are tested against the server elsewhere.

const searchProjects = (page: Page) => page.getByRole("textbox", { name: "Project search" }).fill("Lake");

/** Answers the header's project search with `status` and an error body like the server's. */
async function answerSearch(page: Page, status: number, error: string, message: string) {
  await page.route(
    (url) => url.pathname === "/API/Query/" && url.searchParams.get("table") === "vwProjectSearch",
    (route: Route) => {
      const url = new URL(route.request().url());
      const body = { statusCode: status, error, message, path: url.pathname, requestId: "test" };
      return route.fulfill({
        status,
        json: status === 400 ? { ...body, params: Object.fromEntries(url.searchParams) } : body,
      });
    },
  );
}

test.describe("a failed read", () => {
  test.beforeEach(async ({ page }) => signIn(page, "staff"));

  test("a 500 answer is a toast 'Application Error', not the error page", async ({ page }) => {
    await answerSearch(page, 500, "Internal Server Error", "An unexpected error occurred.");
    await searchProjects(page);
    const toast = page.getByRole("alert").filter({ hasText: "Application Error" });
    await expect(toast).toContainText("An unexpected error occurred.");
    await expect(page.getByRole("heading", { name: "Application Error" })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("Application Error");
  });

  test("an answer without data is an internal-server error: the same toast", async ({ page }) => {
    await page.route(
      (url) => url.pathname === "/API/Query/" && url.searchParams.get("table") === "vwProjectSearch",
      (route) => route.fulfill({ status: 200, json: { meta: { TotalRecords: 3 } } }),
    );
    await searchProjects(page);
    await expect(page.getByRole("alert").filter({ hasText: "Application Error" })).toContainText(
      "The answer of the data service held no data.",
    );
    await expect(page.getByRole("heading", { name: "Application Error" })).toHaveCount(0);
  });

  test("a 400 opens 'Bad Request' with the status text, the request path and the params", async ({ page }) => {
    await answerSearch(page, 400, "Bad Request", "Unknown column near position 1.");
    await searchProjects(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Bad Request" })).toBeVisible();
    await expect(main).toContainText("Unknown column near position 1.");
    await expect(main).toContainText("400 Bad Request — /API/Query/");
    await expect(main).toContainText('"table": "vwProjectSearch"');
    await expect(main).toContainText('"rowLimit": "50"');
    await expect(main.getByRole("button", { name: "Back" })).toBeVisible();
  });

  test("a 404 answer opens 'API Not Found', whose Back link goes back", async ({ page }) => {
    await page.goto("/webapp/rn");
    await expect(page.getByRole("table", { name: "Release notes" })).toBeVisible();
    await answerSearch(page, 404, "Not Found", "API Not Found");
    await searchProjects(page);
    await expect(page.getByRole("heading", { name: "API Not Found" })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/webapp\/?$/);
    await expect(page.getByRole("heading", { name: "API Not Found" })).toHaveCount(0);
  });

  test("another status shows its status text with a Refresh link that reloads the page", async ({ page }) => {
    await answerSearch(page, 503, "Service Unavailable", "The service is temporarily unavailable. Try again shortly.");
    await searchProjects(page);
    await expect(page.getByRole("heading", { name: "Service Unavailable" })).toBeVisible();
    await page.unrouteAll();
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Refresh" }).click();
    await reloaded;
    await expect(page.getByRole("heading", { name: "Service Unavailable" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  });
});

test("a failed write keeps its 'Failed Insert' toast, a 500 included, and the page stays", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/webapp/rn");
  await page.route("**/API/Insert/", (route) =>
    route.fulfill({
      status: 500,
      json: {
        statusCode: 500,
        error: "Internal Server Error",
        message: "An unexpected error occurred.",
        path: "/API/Insert/",
      },
    }),
  );
  await page.getByRole("button", { name: "New release note" }).click();
  const add = page.getByRole("dialog", { name: "New release note" });
  await add.getByLabel("Version").fill("9.9.8");
  await add.getByLabel("Date").fill("12/01/2026");
  await add.getByLabel("Title").fill("Refused by the server");
  await add.getByRole("button", { name: "Insert" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed Insert" })).toContainText("Record insert is Failed!");
  await expect(add).toBeVisible();
  await expect(page.getByRole("heading", { name: /Error/ })).toHaveCount(0);
});
