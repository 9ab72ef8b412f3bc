import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { choose, dataRows, insertAs, recordForm, rowsOf, unique } from "./directory-support.js";
import { removedAfterEachTest } from "./project-support.js";
import { breadcrumb, signInWithToken, tokenOf } from "./support.js";

/*
 * The projects area (issue 8): a project's page (add, edit, status, read-only for staff),
 * the status dashboard and a portal order that becomes a project. Each test makes its own
 * data through the API under a unique name and removes it afterwards (last made first).
 */

type Row = Record<string, unknown>;

const remember = removedAfterEachTest();

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const projectForm = (page: Page) => recordForm(page, "Project");
const nameBox = (page: Page) => projectForm(page).getByRole("textbox", { name: "Name", exact: true });

async function lastProject(request: APIRequestContext) {
  const [last] = await rowsOf<{ projectID: number; projectName: string }>(request, {
    table: "tblProject",
    fields: "projectID,projectName",
    order: "projectID DESC",
    rowLimit: 1,
  });
  if (!last) throw new Error("the demo company has no project");
  return last;
}

/** GET /API/Totals/ as admin. */
async function totals(request: APIRequestContext, params: Record<string, string>) {
  const token = await tokenOf(request, "admin");
  const response = await request.get("/API/Totals/", { params, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { data: Array<{ key: number | null; count: number }> };
}

test("Quick Launch opens a project's form, and 'Not Found' with Back for an id that names none", async ({
  page,
  request,
}) => {
  const project = await lastProject(request);
  await signInWithToken(page, "staff");
  await page.goto("/webapp/");
  const box = page.getByRole("textbox", { name: "Quick Launch" });
  await box.fill(String(project.projectID));
  await box.press("Enter");
  await expect(nameBox(page)).toHaveValue(project.projectName);
  await expect(breadcrumb(page).getByRole("button", { name: "Copy project id" })).toBeVisible();

  await box.fill(String(project.projectID + 1000));
  await box.press("Enter");
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
});

test("admin adds a project once it is valid, edits it, and sets its status", async ({ page, request }) => {
  const tag = unique();
  const name = `Project Test ${tag}`;
  const client = { clientName: `Project Test Client ${tag}` };
  const clientID = await insertAs(request, "tblClient", client);
  remember("tblClient", `clientID = ${clientID}`);
  await signInWithToken(page, "admin");
  await page.goto("/webapp/project/de");

  // Without a name: the rule's message, nothing saved.
  const add = recordForm(page, "New Project");
  await add.getByRole("button", { name: "Insert" }).click();
  await expect(add.getByText("Name is required", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/webapp\/project\/de$/);

  await add.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  // The client is a type-ahead: it searches once typing pauses.
  await choose(add, page, "Client", client.clientName);
  await add.getByRole("button", { name: "Insert" }).click();
  await expect(page).toHaveURL(/\/webapp\/project\/de\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get("id"));
  remember("tblProject", `projectID = ${id}`);
  await expect(nameBox(page)).toHaveValue(name);

  // An edit persists, and the client's name shows again when the record is read anew.
  const source = projectForm(page).getByRole("textbox", { name: "First Source Number" });
  await source.fill("SRC-1");
  await projectForm(page).getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Record updated successfully!")).toBeVisible();
  await page.reload();
  await expect(source).toHaveValue("SRC-1");
  await expect(projectForm(page).getByRole("textbox", { name: "Client", exact: true })).toHaveValue(client.clientName);

  // A new status heads the history, set by admin.
  const status = page.getByRole("region", { name: "Status" });
  await choose(status, page, "New status", "Awarded");
  await status.getByRole("button", { name: "Set status" }).click();
  const token = await tokenOf(request, "admin");
  const me = await request.get("/API/EmployeeInfo/", { headers: { authorization: `Bearer ${token}` } });
  const { empFirstName, empLastName } = (await me.json()).data[0];
  const history = status.getByRole("table", { name: "Status history" });
  await expect(history.locator("tbody tr").first()).toContainText(`Awarded${empLastName}, ${empFirstName}`);
  await expect(status.getByText("Current status: Awarded")).toBeVisible();
});

test("staff sees a project read-only, and may not open a new one", async ({ page, request }) => {
  const project = await lastProject(request);
  await signInWithToken(page, "staff");
  await page.goto(`/webapp/project/de?id=${project.projectID}`);
  await expect(nameBox(page)).toHaveValue(project.projectName);
  await expect(nameBox(page)).not.toBeEditable();
  await expect(projectForm(page).getByRole("textbox", { name: "Client", exact: true })).not.toBeEditable();
  await expect(page.getByRole("table", { name: "Status history" })).toBeVisible();
  // Staff may search notes (page 35): the project's time shows, totalled.
  await expect(page.getByRole("table", { name: "Totals by employee" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Set status" })).toHaveCount(0);

  await page.goto("/webapp/project/de");
  await expect(page).toHaveURL(/\/webapp\/forbidden$/);
});

test("the dashboard counts projects by status as the API does, and a count opens their search", async ({
  page,
  request,
}) => {
  const statuses = await rowsOf<{ appLookupID: number; appLookupValue: string }>(request, {
    table: "tblAppLookup",
    fields: "appLookupID,appLookupValue",
    where: "appLookupParentID = '190'",
    order: "appLookupSort",
  });
  const { data } = await totals(request, { table: "vwProjectList", by: "projectLatestStatusCodeID" });
  const count = (id: number) => data.find((group) => group.key === id)?.count ?? 0;

  await signInWithToken(page, "admin");
  await page.goto("/webapp/statusdashboard");
  const table = page.getByRole("table", { name: "Projects by status" });
  await expect(table.locator("tbody tr")).toHaveText(statuses.map((s) => `${s.appLookupValue}${count(s.appLookupID)}`));

  const busiest = statuses.reduce((a, b) => (count(b.appLookupID) > count(a.appLookupID) ? b : a));
  await table
    .getByRole("row", { name: new RegExp(`^${busiest.appLookupValue} `) })
    .getByRole("link", { name: String(count(busiest.appLookupID)) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/webapp/project\\?status=${busiest.appLookupID}`));
  await expect(page.getByRole("textbox", { name: "Status", exact: true })).toHaveValue(busiest.appLookupValue);
});

test("an approved portal order becomes a project from its dialog", async ({ page, request }) => {
  const tag = unique();
  const clientName = `Portal Test Client ${tag}`;
  const clientID = await insertAs(request, "tblClient", { clientName });
  remember("tblClient", `clientID = ${clientID}`);
  const contactName = `Portal Contact ${tag}`;
  await insertAs(request, "tblClientContact", { clientID, contactName });
  remember("tblClientContact", `clientID = ${clientID}`);
  const number = `PO-${tag}`;
  const title = `Portal Order ${tag}`;
  const orderID = await insertAs(request, "tblPortalOrder", {
    portalOrderNumber: number,
    portalOrderTitle: title,
    clientID,
    portalOrderStatus: 1,
  });
  // Removed before its project and its client; its items go with it.
  remember("tblProject", `projectClientID = ${clientID}`);
  remember("tblPortalOrder", `portalOrderID = ${orderID}`);
  await insertAs(request, "tblPortalOrderItem", { portalOrderID: orderID, itemDescription: "Banner", itemQuantity: 2 });

  await signInWithToken(page, "admin");
  await page.goto("/webapp/project/po");
  await page.getByRole("textbox", { name: "Search Portal Orders" }).fill(number);
  await expect(dataRows(page, "Portal Orders")).toHaveCount(1);
  await dataRows(page, "Portal Orders").first().click();
  const dialog = page.getByRole("dialog", { name: "Portal Order", exact: true });
  // The client shows by name; its contacts are the only ones offered.
  await expect(dialog.getByRole("textbox", { name: "Client", exact: true })).toHaveValue(clientName);
  await dialog.getByRole("textbox", { name: "Contact", exact: true }).click();
  const offered = page.getByRole("listbox").getByRole("option");
  await expect(offered).toHaveText([contactName]);
  await dialog.getByRole("heading", { name: "Portal Order" }).click();
  await expect(offered).toHaveCount(0);

  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/webapp\/project\/de\?id=\d+$/);
  const projectID = Number(new URL(page.url()).searchParams.get("id"));
  await expect(nameBox(page)).toHaveValue(title);
  const [order] = await rowsOf<Row>(request, {
    table: "tblPortalOrder",
    fields: "projectID",
    where: `portalOrderID = ${orderID}`,
  });
  expect(order?.projectID).toBe(projectID);
});
