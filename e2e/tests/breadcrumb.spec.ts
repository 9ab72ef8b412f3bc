import { expect, test } from "@playwright/test";
import { lastProject, quickLaunch } from "./project-support.js";
import { breadcrumb, navigateInApp, openSignedIn } from "./support.js";

// The breadcrumb bar itself (loading, copying an id, its toasts, the inbox's link and count) is
// a component test: apps/web/src/shell/Breadcrumb.test.tsx; a record page's crumb is
// apps/web/src/area-engine/AreaRecordPage.test.tsx's.

let projectID: number;
let missingID: number;
test.beforeAll(async ({ request }) => {
  ({ projectID } = await lastProject(request));
  missingID = projectID + 1000;
});

test("an id that names no project shows 'Not Found' with a Back link", async ({ page }) => {
  await openSignedIn(page, "staff");
  await quickLaunch(page, missingID);
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
  await expect(page.getByText(`There is no project with the id ${missingID}.`)).toBeVisible();
  await expect(breadcrumb(page).getByRole("button", { name: String(missingID) })).toBeVisible();
  await expect(page).toHaveTitle(`Project - ${missingID}`);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/webapp\/?$/);
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toHaveCount(0);
  // An id that cannot be one is not found either, without asking the server.
  await navigateInApp(page, "/webapp/employee/de?id=abc");
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
});
