import { expect, test } from "@playwright/test";
import { lastProject, quickLaunch } from "./project-support.js";
import {
  breadcrumb,
  pauseClock,
  pendingApprovalCount,
  pendingApprovalsText,
  signIn,
  signInWithToken,
} from "./support.js";

let projectID: number;
let missingID: number;
test.beforeAll(async ({ request }) => {
  ({ projectID } = await lastProject(request));
  missingID = projectID + 1000;
});

test("level 2 shows a loading indicator while the record is looked up, then its id", async ({ page }) => {
  await signIn(page, "staff");
  // The lookup's answer is held back (not changed) until the indicator has been seen.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(
    (url) => url.pathname === "/API/Query/" && url.searchParams.get("table") === "tblProject",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await quickLaunch(page, projectID);
  await expect(page).toHaveURL(new RegExp(`/webapp/project/de\\?id=${projectID}$`));
  const loading = breadcrumb(page).getByRole("status", { name: "Loading" });
  await expect(loading).toBeVisible();
  await expect(page).toHaveTitle("Project");
  answer();
  await expect(loading).toHaveCount(0);
  await expect(breadcrumb(page).getByRole("button", { name: String(projectID) })).toBeVisible();
  await expect(page).toHaveTitle(`Project - ${projectID}`);
});

test("level 2 copies its value with a toast '{value} copied' that stays 1 second", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.clock.install();
  await signIn(page, "staff");
  await page.goto(`/webapp/project/de?id=${projectID}`);
  const level2 = breadcrumb(page).getByRole("button", { name: String(projectID) });
  await expect(level2).toBeVisible();
  await pauseClock(page);
  await level2.click();
  const toast = page.getByText(`${projectID} copied`);
  await expect(toast).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(projectID));
  await page.clock.runFor(900);
  await expect(toast).toBeVisible();
  await page.clock.runFor(400);
  await expect(toast).toHaveCount(0);
});

test("a clipboard the browser refuses gives a failure toast instead of nothing", async ({ page }) => {
  // As on a page served over plain http, or where the user said no.
  await page.addInitScript(() =>
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")) },
    }),
  );
  await signInWithToken(page, "staff");
  await page.goto(`/webapp/project/de?id=${projectID}`);
  await breadcrumb(page).getByRole("button", { name: "Copy project id" }).click();
  await expect(page.getByText(`${projectID} could not be copied; select it and copy it by hand.`)).toBeVisible();
  await expect(page.getByText(`${projectID} copied`)).toHaveCount(0);
});

test("an id that names no project shows 'Not Found' with a Back link", async ({ page }) => {
  await signIn(page, "staff");
  await quickLaunch(page, missingID);
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
  await expect(page.getByText(`There is no project with the id ${missingID}.`)).toBeVisible();
  await expect(breadcrumb(page).getByRole("button", { name: String(missingID) })).toBeVisible();
  await expect(page).toHaveTitle(`Project - ${missingID}`);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/webapp\/?$/);
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toHaveCount(0);
  // An id that cannot be one is not found either, without asking the server.
  await page.goto("/webapp/employee/de?id=abc");
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
});

test("the inbox's level 2 links on to Approvals, and its right-hand text is the pending count", async ({
  page,
  request,
}) => {
  const expected = pendingApprovalsText(await pendingApprovalCount(request, "admin"));
  await signIn(page, "admin");
  await page.goto("/webapp/inbox");
  await expect(breadcrumb(page)).toContainText(expected);
  await breadcrumb(page).getByRole("link", { name: "Approvals" }).click();
  await expect(page).toHaveURL(/\/webapp\/approvals$/);
  await expect(breadcrumb(page).getByText("Approvals", { exact: true })).toBeVisible();
  await expect(breadcrumb(page).getByRole("link")).toHaveCount(0);
});

test("staff, who may not open Approvals, gets the inbox's count without the link", async ({ page, request }) => {
  const expected = pendingApprovalsText(await pendingApprovalCount(request, "staff"));
  await signIn(page, "staff");
  await page.goto("/webapp/inbox");
  await expect(breadcrumb(page)).toContainText(expected);
  await expect(breadcrumb(page).getByRole("link", { name: "Approvals" })).toHaveCount(0);
});
