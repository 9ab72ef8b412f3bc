import { expect, type Page, test } from "@playwright/test";
import { adminCall, choose, insertAs, recordForm, rowsOf, unique } from "./directory-support.js";
import { removedAfterEachTest } from "./project-support.js";
import { signInWithToken } from "./support.js";

/*
 * A select over a table that grows (clients, employees, contacts, projects) searches it on the
 * server: the first 100 rows in its order when opened, then what is typed; a record's value
 * shows its name whether or not it is among those rows.
 */

const remember = removedAfterEachTest();
const offered = (page: Page) => page.getByRole("listbox").getByRole("option");

test.beforeEach(async ({ page }) => signInWithToken(page, "admin"));

test("a project's Client lists the first 100 clients by name, finds the others by typing and shows its name when read again", async ({
  page,
  request,
}) => {
  const tag = unique();
  // Last by name, and a name with a quote in it, beyond the first hundred of the demo's 400.
  const names = [`Zz Select ${tag}`, `Zz O'Hara ${tag}`];
  for (const clientName of names) {
    const clientID = await insertAs(request, "tblClient", { clientName });
    remember("tblClient", `clientID = ${clientID}`);
    remember("tblProject", `projectClientID = ${clientID}`);
  }
  const first = await rowsOf<{ clientName: string }>(request, {
    table: "tblClient",
    fields: "clientName",
    order: "clientName",
    rowLimit: 101,
  });
  expect(first.map((c) => c.clientName)).not.toEqual(expect.arrayContaining([names[0]]));

  await page.goto("/webapp/project/de");
  const add = recordForm(page, "New Project");
  await add.getByRole("textbox", { name: "Client", exact: true }).click();
  await expect(offered(page)).toHaveCount(100);
  await expect(offered(page).first()).toHaveText(first[0]?.clientName ?? "");
  await expect(offered(page).filter({ hasText: tag })).toHaveCount(0);

  await add.getByRole("textbox", { name: "Client", exact: true }).fill(`O'Hara ${tag}`);
  await expect(offered(page)).toHaveText([names[1] ?? ""]);

  const name = `Select Test ${tag}`;
  await add.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await choose(add, page, "Client", names[0] ?? "");
  await add.getByRole("button", { name: "Insert" }).click();
  await expect(page).toHaveURL(/\/webapp\/project\/de\?id=\d+$/);
  await page.reload();
  const project = recordForm(page, "Project");
  await expect(project.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  await expect(project.getByRole("textbox", { name: "Client", exact: true })).toHaveValue(names[0] ?? "");
});

test("an employee's Manager shows by name, and offers active employees found by typing", async ({ page, request }) => {
  const tag = unique();
  const managerID = await insertAs(request, "tblEmployee", { empFirstName: "Mira", empLastName: `Manager${tag}` });
  const formerID = await insertAs(request, "tblEmployee", { empFirstName: "Fern", empLastName: `Manager${tag}` });
  const empID = await insertAs(request, "tblEmployee", {
    empFirstName: "Ellis",
    empLastName: `Report${tag}`,
    empManagerID: formerID,
  });
  // Gone since: no longer offered, still the record's manager.
  await adminCall(request, "/API/Update/", {
    table: "tblEmployee",
    fields: { empActive: 0 },
    where: `empID = ${formerID}`,
  });
  remember("tblEmployee", `empID IN (${managerID}, ${formerID})`);
  remember("tblEmployee", `empID = ${empID}`);

  await page.goto(`/webapp/employee/de?id=${empID}`);
  const form = recordForm(page, "Employee");
  const manager = form.getByRole("textbox", { name: "Manager", exact: true });
  await expect(manager).toHaveValue(`Manager${tag}, Fern`);
  await manager.click();
  await manager.fill(`Manager${tag}`);
  // The server finds the active one; the value already chosen stays offered first.
  await expect(offered(page)).toHaveText([`Manager${tag}, Fern`, `Manager${tag}, Mira`]);
  await offered(page).filter({ hasText: "Mira" }).click();
  await form.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Record updated successfully!", { exact: true })).toBeVisible();
  expect(await rowsOf(request, { table: "tblEmployee", fields: "empManagerID", where: `empID = ${empID}` })).toEqual([
    { empManagerID: managerID },
  ]);
});
