import { expect, test } from "@playwright/test";
import { confirmDelete, dataRows, deleteAs, insertAs, recordForm, rowsOf } from "./directory-support.js";
import { breadcrumb, signInWithToken } from "./support.js";

const LIST = "Employees";
type Employee = { empID: number; empFirstName: string; empLastName: string; empActive: number };

test.describe("employees as admin", () => {
  test.beforeEach(async ({ page }) => signInWithToken(page, "admin"));

  test("lists every employee, active first, and searches the list", async ({ page, request }) => {
    const all = await rowsOf<Employee>(request, { table: "vwEmployeeDirectory", fields: "empID,empActive" });
    await page.goto("/webapp/employee/all");
    await expect(dataRows(page, LIST).first()).toBeVisible();
    await expect(page.getByText(`${all.length} records`)).toBeVisible();
    // Active first: the first page is the server's first fifty in that order, and holds no inactive one
    // while there are fifty active employees.
    const expected = await rowsOf<{ empName: string; empActive: number }>(request, {
      table: "vwEmployeeDirectory",
      fields: "empName,empActive",
      order: "empActive DESC, empLastName, empFirstName, empID",
      rowLimit: 50,
    });
    expect(expected.filter((e) => e.empActive === 1).length).toBe(
      Math.min(50, all.filter((e) => e.empActive === 1).length),
    );
    await expect(dataRows(page, LIST).locator("td:nth-child(2)")).toHaveText(expected.map((e) => e.empName));
    await page.getByRole("textbox", { name: "Search Employees" }).fill("Morgan");
    await expect(dataRows(page, LIST).filter({ hasText: "Morgan, Alex" })).toHaveCount(1);
  });

  test("adds an employee, refusing invalid input with the rules' messages first", async ({ page, request }) => {
    await page.goto("/webapp/employee/all");
    await page.getByRole("link", { name: "New Employee" }).click();
    await expect(page).toHaveURL(/\/employee\/de$/);
    const form = recordForm(page, "New Employee");
    await form.getByLabel("Phone").fill("555-12");
    await form.getByLabel("E-Mail").fill("not an address");
    await form.getByLabel("Hire Date").fill("13/45/2026");
    await form.getByRole("button", { name: "Insert" }).click();
    await expect(form.getByText("First Name is required")).toBeVisible();
    await expect(form.getByText("Last Name is required")).toBeVisible();
    await expect(form.getByText("Phone is not `tel` format")).toBeVisible();
    await expect(form.getByText("E-Mail is not `email` format")).toBeVisible();
    await expect(form.getByText("Hire Date is not `Date` format")).toBeVisible();
    expect(
      await rowsOf(request, { table: "tblEmployee", fields: "empID", where: "empEmail = 'not an address'" }),
    ).toEqual([]);

    await form.getByLabel("First Name").fill("Quinn");
    await form.getByLabel("Last Name").fill("Zephyr");
    await form.getByLabel("Phone").fill("5551234567");
    await form.getByLabel("Phone").blur();
    await expect(form.getByLabel("Phone")).toHaveValue("(555) 123-4567");
    await form.getByLabel("E-Mail").fill("quinn.zephyr@office.example");
    await form.getByLabel("Hire Date").fill("03/02/2026");
    await form.getByLabel("Employee Type").selectOption({ label: "Part Time" });
    await form.getByRole("textbox", { name: "Department" }).click();
    await page.getByRole("option", { name: "Engineering" }).click();
    await form.getByLabel("Office Hours Mo").fill("9:00 AM - 5:00 PM");
    await form.getByRole("button", { name: "Insert" }).click();
    await expect(page.getByText("Record inserted successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/employee\/de\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get("id"));
    const [saved] = await rowsOf<Record<string, unknown>>(request, {
      table: "vwEmployeeDirectory",
      where: `empID = ${id}`,
    });
    expect(saved).toMatchObject({
      empFirstName: "Quinn",
      empLastName: "Zephyr",
      empPhone: "(555) 123-4567",
      empType: 2,
      empActive: 1,
      departmentName: "Engineering",
      empOfficeHoursMo: "9:00 AM - 5:00 PM",
    });
    expect(String(saved?.empHireDate)).toMatch(/^2026-03-02/);
    await deleteAs(request, "tblEmployee", `empID = ${id}`);
  });

  test("opens an employee by id (also on reload), edits and deletes it after asking", async ({ page, request }) => {
    const id = await insertAs(request, "tblEmployee", { empFirstName: "Remy", empLastName: "Ostrander" });
    await page.goto(`/webapp/employee/de?id=${id}`);
    const form = recordForm(page, "Employee");
    await expect(form.getByLabel("Last Name")).toHaveValue("Ostrander");
    await expect(breadcrumb(page).getByRole("button", { name: String(id) })).toBeVisible();
    await page.reload();
    await expect(form.getByLabel("First Name")).toHaveValue("Remy");
    await form.getByLabel("Extension").fill("4455");
    await form.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Record updated successfully!")).toBeVisible();
    expect(
      await rowsOf(request, { table: "tblEmployee", fields: "empOfficeExtention", where: `empID = ${id}` }),
    ).toEqual([{ empOfficeExtention: "4455" }]);

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const question = page.getByRole("dialog", { name: "Delete this employee?" });
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    expect(await rowsOf(request, { table: "tblEmployee", fields: "empID", where: `empID = ${id}` })).toHaveLength(1);
    await confirmDelete(page, "employee");
    await expect(page.getByText("Record deleted successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/employee\/all$/);
    expect(await rowsOf(request, { table: "tblEmployee", fields: "empID", where: `empID = ${id}` })).toEqual([]);
  });

  test("a missing id shows Not Found with a Back link", async ({ page }) => {
    await page.goto("/webapp/employee/de?id=999999");
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  });

  test("advanced search by name, department, type, active and extension", async ({ page, request }) => {
    const id = await insertAs(request, "tblEmployee", {
      empFirstName: "Wilhelmina",
      empLastName: "Searchwell",
      empDepartment: 137,
      empType: 4,
      empActive: 0,
      empOfficeExtention: "9876",
    });
    await page.goto("/webapp/employee");
    const search = page.getByRole("form", { name: "Search employees" });
    await search.getByLabel("Name").fill("searchwell");
    await search.getByRole("button", { name: "Search" }).click();
    const found = (n: number) => expect(dataRows(page, "Employees found")).toHaveCount(n);
    await found(1);
    await expect(page).toHaveURL(/name=searchwell/);
    await search.getByLabel("Employee Type").selectOption({ label: "Full Time" });
    await search.getByRole("button", { name: "Search" }).click();
    await found(0);
    await search.getByLabel("Employee Type").selectOption({ label: "Intern" });
    await search.getByLabel("Active").selectOption({ label: "Inactive" });
    await search.getByLabel("Extension").fill("987");
    await search.getByRole("button", { name: "Search" }).click();
    await found(1);
    const inDepartment = await rowsOf(request, { table: "tblEmployee", fields: "empID", where: "empDepartment = 137" });
    await search.getByRole("button", { name: "Clear" }).click();
    await search.getByRole("textbox", { name: "Department" }).click();
    const department = await rowsOf<{ appLookupPrompt: string }>(request, {
      table: "tblAppLookup",
      fields: "appLookupPrompt",
      where: "appLookupID = 137",
    });
    await page.getByRole("option", { name: department[0]?.appLookupPrompt ?? "" }).click();
    await search.getByRole("button", { name: "Search" }).click();
    await found(inDepartment.length);
    // The last search comes back when the page is opened bare.
    await page.goto("/webapp/employee/all");
    await page.goto("/webapp/employee");
    await expect(page).toHaveURL(/department=137/);
    await deleteAs(request, "tblEmployee", `empID = ${id}`);
  });
});

test.describe("employees as staff", () => {
  test.beforeEach(async ({ page }) => signInWithToken(page, "staff"));

  test("reads the list and a record, with no button to add, change or delete", async ({ page }) => {
    await page.goto("/webapp/employee/all");
    await expect(dataRows(page, LIST).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "New Employee" })).toHaveCount(0);
    await page.getByRole("textbox", { name: "Search Employees" }).fill("Taylor");
    await dataRows(page, LIST).filter({ hasText: "Taylor, Sam" }).click();
    await expect(page).toHaveURL(/\/employee\/de\?id=2$/);
    const form = recordForm(page, "Employee");
    await expect(form.getByLabel("First Name")).toHaveValue("Sam");
    await expect(form.getByLabel("First Name")).toHaveAttribute("readonly", "");
    await expect(form.getByRole("button", { name: "Update" })).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Delete" })).toHaveCount(0);
    // Sign-in and permissions are for administrators only.
    await expect(page.getByRole("table", { name: "Permissions" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Sign-in" })).toHaveCount(0);
  });

  test("cannot open the empty form (add right needed)", async ({ page }) => {
    await page.goto("/webapp/employee/de");
    await expect(page).toHaveURL(/\/forbidden$/);
  });
});
