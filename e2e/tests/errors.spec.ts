import { expect, type Page, type Route, test } from "@playwright/test";
import { openSignedIn } from "./support.js";

// How the web app maps a failed call onto spec 8's catalogue is a component test
// (apps/web/src/widgets/ProjectTypeahead.test.tsx, record/ResourceRecords.test.tsx); what needs
// the browser is that Refresh really reloads the page. The test answers the project search's
// call itself with the status under test (page.route).

const searchProjects = (page: Page) => page.getByRole("textbox", { name: "Project search" }).fill("Lake");

/** Answers the header's project search with `status` and an error body like the server's. */
async function answerSearch(page: Page, status: number, error: string, message: string) {
  await page.route(
    (url) => url.pathname === "/API/Query/" && url.searchParams.get("table") === "vwProjectSearch",
    (route: Route) => {
      const url = new URL(route.request().url());
      const body = { statusCode: status, error, message, path: url.pathname, requestId: "test" };
      return route.fulfill({ status, json: body });
    },
  );
}

test.describe("a failed read", () => {
  test("another status shows its status text with a Refresh link that reloads the page", async ({ page }) => {
    await openSignedIn(page, "staff");
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
