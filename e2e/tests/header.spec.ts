import { expect, test } from "@playwright/test";
import { navigateInApp, openSignedIn, pendingApprovalCount, pendingApprovalsText, tokenOf } from "./support.js";

// The header's project search dropdown and Quick Launch are component tests:
// apps/web/src/widgets/ProjectTypeahead.test.tsx, apps/web/src/shell/QuickLaunch.test.tsx.

test("the page title is breadcrumb level 1, then level 2", async ({ page }) => {
  await openSignedIn(page, "admin");
  await expect(page).toHaveTitle("Home");
  for (const [path, title] of [
    ["/statusdashboard", "Status Dashboard"],
    ["/list/clientcategories", "Project Categories"],
    ["/project/de?id=31", "Project - 31"],
    ["/project/de", "Project"],
    ["/rn", "Release Notes"],
  ] as const) {
    // Each title differs from the last: the check waits for this navigation's.
    await navigateInApp(page, `/webapp${path}`);
    await expect(page).toHaveTitle(title);
  }
});

test("the header links home, to the inbox with its count, to settings and to the time clock in a new tab; a production build has no Dev Version banner", async ({
  page,
  request,
}) => {
  await openSignedIn(page, "staff");
  await expect(page.getByText("Dev Version")).toHaveCount(0);
  // The inbox's count on desktop as on mobile (spec 2.5 names the mobile one).
  const inbox = page
    .getByRole("banner")
    .getByRole("link", { name: `Inbox: ${pendingApprovalsText(await pendingApprovalCount(request, "staff"))}` });
  await expect(inbox).toHaveAttribute("href", "/webapp/inbox");
  const clock = page.getByRole("link", { name: "Time Clock" });
  await expect(clock).toHaveAttribute("target", "_blank");
  await expect(clock).toHaveAttribute("href", /^https?:\/\//);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/webapp\/settings$/);
  await page.getByRole("link", { name: "Office home" }).click();
  await expect(page).toHaveURL(/\/webapp\/?$/);
});

test("the avatar shows two initials and opens its panel on focus", async ({ page, request }) => {
  await openSignedIn(page, "staff");
  const token = await tokenOf(request, "staff");
  const info = await request.get("/API/EmployeeInfo/", { headers: { authorization: `Bearer ${token}` } });
  const [user] = (await info.json()).data;
  const avatar = page.getByRole("button", { name: /availability and settings/ });
  await expect(avatar).toHaveText(`${user.empFirstName[0]}${user.empLastName[0]}`.toUpperCase());
  await avatar.focus();
  const panel = page.getByRole("dialog");
  await expect(panel.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Time Clock" })).toHaveAttribute("target", "_blank");
});
