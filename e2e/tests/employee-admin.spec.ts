import { expect, test } from "@playwright/test";
import { adminCall, insertAs, rowsOf } from "./directory-support.js";
import { signInWithToken } from "./support.js";

type Permission = { permissionPageID: number; permissionView: number; permissionAdd: number };

test.describe("an employee's sign-in and permissions, as admin", () => {
  test.beforeEach(async ({ page }) => signInWithToken(page, "admin"));

  test("grants pages in the grid, sets a sign-in, and the employee can sign in and open them", async ({
    page,
    request,
    browser,
  }) => {
    const id = await insertAs(request, "tblEmployee", { empFirstName: "Grace", empLastName: "Gridley" });
    const username = `gridley${id}`;
    try {
      // The permissions and the sign-in are tabs of the employee's page.
      await page.goto(`/webapp/employee/de?id=${id}&tab=permissions`);
      const grid = page.getByRole("table", { name: "Permissions" });
      await grid.getByRole("checkbox", { name: "Home: View" }).check();
      await grid.getByRole("checkbox", { name: "Employees: View" }).check();
      await grid.getByRole("checkbox", { name: "Employees: Add" }).check();
      await page.getByRole("button", { name: "Save permissions" }).click();
      await expect(page.getByText("Record updated successfully!")).toBeVisible();
      const rows = await rowsOf<Permission>(request, {
        table: "tblPermission",
        fields: "permissionPageID,permissionView,permissionAdd",
        where: `empID = ${id}`,
        order: "permissionPageID",
      });
      expect(rows).toEqual([
        { permissionPageID: 1, permissionView: 1, permissionAdd: 0 },
        { permissionPageID: 22, permissionView: 1, permissionAdd: 1 },
      ]);

      await page.getByRole("tab", { name: "Sign-in" }).click();
      const signInForm = page.getByRole("form", { name: "Sign-in" });
      await signInForm.getByLabel("Username").fill(username);
      await signInForm.getByLabel("Password").fill("short");
      await signInForm.getByRole("button", { name: "Create sign-in" }).click();
      await expect(signInForm.getByText("Password must have at least 8 characters")).toBeVisible();
      expect(await signInStatus(request, username)).toBe(401);
      await signInForm.getByLabel("Password").fill("correct horse");
      await signInForm.getByRole("button", { name: "Create sign-in" }).click();
      await expect(page.getByText("Record updated successfully!").first()).toBeVisible();
      await expect(signInForm.getByRole("button", { name: "Save sign-in" })).toBeVisible();

      const context = await browser.newContext();
      const other = await context.newPage();
      await other.goto("/webapp/login");
      await other.getByLabel("Username").fill(username);
      await other.getByLabel("Password").fill("correct horse");
      await other.getByRole("button", { name: "Sign in" }).click();
      await expect(other).toHaveURL(/\/webapp\/?$/);
      await other.goto("/webapp/employee/de");
      await expect(other.getByRole("form", { name: "New Employee" })).toBeVisible();
      await other.goto("/webapp/client/all");
      await expect(other).toHaveURL(/\/forbidden$/);
      await context.close();

      // Every box cleared: the employee holds no page any more.
      await page.getByRole("tab", { name: "Permissions" }).click();
      for (const name of ["Home: View", "Employees: View", "Employees: Add"])
        await grid.getByRole("checkbox", { name }).uncheck();
      await page.getByRole("button", { name: "Save permissions" }).click();
      await expect
        .poll(
          async () =>
            (await rowsOf(request, { table: "tblPermission", fields: "permissionID", where: `empID = ${id}` })).length,
        )
        .toBe(0);
    } finally {
      // An employee with a sign-in is never deleted (it would go unaudited): made inactive instead.
      await adminCall(
        request,
        "/API/Update/",
        { table: "tblEmployee", where: `empID = ${id}`, fields: { empActive: 0 } },
        "PUT",
      );
    }
  });

  test("refuses to save a grid that leaves no administrator, and changes nothing of it", async ({ page, request }) => {
    const before = await rowsOf(request, { table: "tblPermission", where: "empID = 1", order: "permissionPageID" });
    await page.goto("/webapp/employee/de?id=1&tab=permissions");
    const grid = page.getByRole("table", { name: "Permissions" });
    await expect(grid.getByRole("checkbox", { name: "Administrator Privileges: View" })).toBeChecked();
    await grid.getByRole("checkbox", { name: "Administrator Privileges: View" }).uncheck();
    await grid.getByRole("checkbox", { name: "Home: Delete" }).uncheck();
    await page.getByRole("button", { name: "Save permissions" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The last administrator cannot be removed." }),
    ).toBeVisible();
    expect(await rowsOf(request, { table: "tblPermission", where: "empID = 1", order: "permissionPageID" })).toEqual(
      before,
    );
  });
});

async function signInStatus(request: import("@playwright/test").APIRequestContext, username: string) {
  const response = await request.post("/API/Authenticate/", { data: { username, password: "short" } });
  return response.status();
}
