import { expect, test } from "@playwright/test";
import { breadcrumb, signIn } from "./support.js";

test.describe("the desktop menu bar", () => {
  test("nests three levels: More › Lists › Project Categories", async ({ page }) => {
    await signIn(page, "admin");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("button", { name: "More" }).click();
    await page.getByRole("menuitem", { name: "Lists" }).hover();
    await page.getByRole("menuitem", { name: "Project Categories" }).click();
    await expect(page).toHaveURL(/\/webapp\/list\/clientcategories$/);
    await expect(breadcrumb(page).getByText("Project Categories", { exact: true })).toBeVisible();
  });

  test("marks the top item holding the page of breadcrumb level 1 as active", async ({ page }) => {
    await signIn(page, "admin");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await page.goto("/webapp/project/pn");
    await expect(menu.getByRole("button", { name: "Projects" })).toHaveAttribute("data-active", "true");
    await expect(menu.getByRole("button", { name: "Employees" })).not.toHaveAttribute("data-active");
    await page.goto("/webapp/employee/all");
    await expect(menu.getByRole("button", { name: "Employees" })).toHaveAttribute("data-active", "true");
    await expect(menu.getByRole("button", { name: "Projects" })).not.toHaveAttribute("data-active");
  });

  test("leaves hidden routes out and offers only what the user may open", async ({ page }) => {
    await signIn(page, "staff");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("button", { name: "Projects" }).click();
    await expect(page.getByRole("menuitem", { name: "Advanced Search" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Notes / Time Search" })).toBeVisible();
    // Hidden: project accounting; not allowed to staff: adding a project, the status audit.
    await expect(page.getByRole("menuitem", { name: "Project Accounting" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "New Project" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Status Audit" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("button", { name: "Credit Card" })).toHaveCount(0);
  });

  test("follows whoever signs in, even over another user's session", async ({ page }) => {
    await signIn(page, "admin");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu.getByRole("button", { name: "Credit Card" })).toBeVisible();
    // Straight to the login page, without logging out, and in as someone else.
    await signIn(page, "staff");
    await expect(menu.getByRole("button", { name: "Projects" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Credit Card" })).toHaveCount(0);
    await page.goto("/webapp/shippingcompany/all");
    await expect(page).toHaveURL(/\/webapp\/forbidden$/);
  });

  test("works from the keyboard", async ({ page }) => {
    await signIn(page, "admin");
    const projects = page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Projects" });
    await projects.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Advanced Search" })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Advanced Search" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/webapp\/project$/);
  });
});

test.describe("the mobile layout", () => {
  test("follows the device cookie: a collapsible menu with search, Quick Launch, the tree and Log out", async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: "device", value: "MOBILE", url: "http://127.0.0.1" }]);
    await signIn(page, "admin");
    await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
    const burger = page.getByRole("button", { name: "Menu" });
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await burger.click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu.getByRole("textbox", { name: "Quick Launch" })).toBeVisible();
    await expect(menu.getByRole("textbox", { name: "Project search" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Inbox/ })).toBeVisible();
    await menu.getByRole("button", { name: "More" }).click();
    await menu.getByRole("button", { name: "Lists" }).click();
    await menu.getByRole("link", { name: "Vendor Categories" }).click();
    await expect(page).toHaveURL(/\/webapp\/list\/vendorcategories$/);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
    await burger.click();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/webapp\/login$/);
  });

  test("the server picks the layout from the user agent, and the user can switch it", async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    });
    const page = await context.newPage();
    await signIn(page, "staff");
    await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "device");
    expect(cookie?.value).toBe("MOBILE");
    // Kept 7 days.
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(604_800 - 60);
    await page.goto("/webapp/settings");
    await page.getByText("Desktop", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "device")?.value).toBe("DESKTOP");
    await page.reload();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await context.close();
  });
});
