import { EXCLUDED_PROJECT_STATUS_IDS } from "@office/core";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { choose, dataRows, insertAs, recordForm, rowsOf, unique } from "./directory-support.js";
import {
  lastProject,
  openFromMenu,
  projectStatuses,
  quickLaunch,
  removedAfterEachTest,
  toastsGone,
  totalOf,
} from "./project-support.js";
import { companyToday, seriousViolations, signInWithToken, tokenOf, us } from "./support.js";

/*
 * The projects area (issue 8): a project's page (add, edit, status, read-only for staff),
 * the status dashboard, the status audit and a portal order that becomes a project. Each test
 * makes its own data through the API under a unique name and removes it afterwards (last made
 * first).
 */

type Row = Record<string, unknown>;

const remember = removedAfterEachTest();

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const projectForm = (page: Page) => recordForm(page, "Project");
const nameBox = (page: Page) => projectForm(page).getByRole("textbox", { name: "Name", exact: true });
const byStatus = (page: Page) => page.getByRole("table", { name: "Projects by status" });
/** A count's link on the dashboard, named with its status ("Awarded: 3 projects"). */
const countLink = (page: Page, status: string, count: number) =>
  byStatus(page).getByRole("link", {
    name: `${status}: ${count.toLocaleString("en-US")} ${count === 1 ? "project" : "projects"}`,
    exact: true,
  });

/** "Last, First" of a demo account's employee. */
async function nameOf(request: APIRequestContext, username: string) {
  const token = await tokenOf(request, username);
  const me = await request.get("/API/EmployeeInfo/", { headers: { authorization: `Bearer ${token}` } });
  const { empFirstName, empLastName } = (await me.json()).data[0];
  return `${empLastName}, ${empFirstName}`;
}

/** A project of a new client, with no status yet; removed after the test. */
async function newProject(request: APIRequestContext, name: string) {
  const clientID = await insertAs(request, "tblClient", { clientName: `${name} Client` });
  remember("tblClient", `clientID = ${clientID}`);
  const projectID = await insertAs(request, "tblProject", { projectName: name, projectClientID: clientID });
  remember("tblProject", `projectID = ${projectID}`);
  return projectID;
}

test("admin adds a project once it is valid, and edits it", async ({ page, request }) => {
  const tag = unique();
  const name = `Project Test ${tag}`;
  const client = { clientName: `Project Test Client ${tag}` };
  const clientID = await insertAs(request, "tblClient", client);
  remember("tblClient", `clientID = ${clientID}`);
  remember("tblProject", `projectClientID = ${clientID}`);
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
  await expect(nameBox(page)).toHaveValue(name);
  await expect(page.getByText("Current status: None")).toBeVisible();

  // An edit persists, and the client's name shows again when the record is read anew.
  const source = projectForm(page).getByRole("textbox", { name: "First Source Number" });
  await source.fill("SRC-1");
  await projectForm(page).getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Record updated successfully!")).toBeVisible();
  await page.reload();
  await expect(source).toHaveValue("SRC-1");
  await expect(projectForm(page).getByRole("textbox", { name: "Client", exact: true })).toHaveValue(client.clientName);
  expect(await seriousViolations(page)).toEqual([]);
});

test("an edit left unsaved is not lost: the menu, a link, the browser's Back and closing the tab each ask first", async ({
  page,
  request,
}) => {
  const project = await lastProject(request);
  await signInWithToken(page, "admin");
  await page.goto("/webapp/");
  await quickLaunch(page, project.projectID);
  await expect(nameBox(page)).toHaveValue(project.projectName);
  await nameBox(page).fill("An edit not saved");
  const here = new RegExp(`/webapp/project/de\\?id=${project.projectID}$`);
  const question = page.getByRole("dialog", { name: "Unsaved data" });
  const stay = async () => {
    await expect(question.getByText("You have unsaved data, Are you sure to close the panel?")).toBeVisible();
    await question.getByRole("button", { name: "No" }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(here);
    await expect(nameBox(page)).toHaveValue("An edit not saved");
  };

  await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Clients" }).click();
  await page.getByRole("menuitem", { name: "All Clients" }).click();
  await stay();
  await page.getByRole("link", { name: "Office home" }).click();
  await stay();
  await page.goBack();
  await stay();
  // Closing the tab: the browser's own question (a page may not word it); dismissed, the tab stays.
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  await expect(nameBox(page)).toHaveValue("An edit not saved");
  expect(page.isClosed()).toBe(false);

  // Yes gives the edit up.
  await page.getByRole("link", { name: "Office home" }).click();
  await question.getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL(/\/webapp\/?$/);
  expect((await lastProject(request)).projectName).toBe(project.projectName);
});

test("a status set on the project's page heads its history, and the dashboard, recent projects and status audit show it at once", async ({
  page,
  request,
}) => {
  const name = `Status Test ${unique()}`;
  const projectID = await newProject(request, name);
  const statuses = await projectStatuses(request);
  const code = (value: string) => statuses.find((s) => s.appLookupValue === value)?.appLookupID;
  const before = await totalOf(request, "vwProjectList", `projectLatestStatusCodeID = ${code("Awarded")}`);
  const admin = await nameOf(request, "admin");
  const today = us(await companyToday(request));

  // The dashboard is read first, so that what it shows later is what the page read again.
  await signInWithToken(page, "admin");
  await page.goto("/webapp/statusdashboard");
  await expect(countLink(page, "Awarded", before)).toBeVisible();

  await quickLaunch(page, projectID);
  await expect(nameBox(page)).toHaveValue(name);
  const status = page.getByRole("region", { name: "Status" });
  await expect(status.getByText("Current status: None")).toBeVisible();
  for (const value of ["Bid", "Awarded"]) {
    await choose(status, page, "New status", value);
    await status.getByRole("button", { name: "Set status" }).click();
    await expect(status.getByText(`Current status: ${value}`)).toBeVisible();
  }
  // Latest first, each with who set it and when.
  const history = status.getByRole("table", { name: "Status history" }).locator("tbody tr");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0).getByRole("cell")).toContainText(["Awarded", admin, today]);
  await expect(history.nth(1).getByRole("cell")).toContainText(["Bid", admin, today]);
  // The current status is not set again.
  await choose(status, page, "New status", "Awarded");
  await expect(status.getByText("This is the current status")).toBeVisible();
  await expect(status.getByRole("button", { name: "Set status" })).toBeDisabled();

  await openFromMenu(page, "Home", "Status Dashboard");
  await expect(countLink(page, "Awarded", before + 1)).toBeVisible();
  const recent = page.getByRole("table", { name: "My recent projects" }).locator("tbody tr").first();
  await expect(recent.getByRole("cell")).toContainText([String(projectID), name, "Awarded"]);
  await toastsGone(page);
  expect(await seriousViolations(page)).toEqual([]);

  await openFromMenu(page, "Projects", "Status Audit");
  const search = page.getByRole("form", { name: "Search status changes" });
  const changed = search.getByRole("group", { name: "Changed" });
  await changed.getByRole("textbox", { name: "From" }).fill(today);
  await changed.getByRole("textbox", { name: "To" }).fill(today);
  await choose(search, page, "New Status", "Awarded");
  await search.getByRole("button", { name: "Search" }).click();
  const row = dataRows(page, "Status changes").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell")).toContainText([String(projectID), name, "Bid", "Awarded", admin]);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the status history says it is loading, and says so when it cannot be read", async ({ page, request }) => {
  const project = await lastProject(request);
  // The history's read is held until the loading row is seen, then answered with a 500.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(
    (url) => url.pathname === "/API/Query/" && url.searchParams.get("table") === "vwProjectStatusHistory",
    async (route) => {
      await held;
      const body = { statusCode: 500, error: "Internal Server Error", message: "An unexpected error occurred." };
      await route.fulfill({ status: 500, json: { ...body, path: "/API/Query/", requestId: "test" } });
    },
  );
  await signInWithToken(page, "staff");
  await page.goto(`/webapp/project/de?id=${project.projectID}`);
  const history = page.getByRole("table", { name: "Status history" });
  await expect(history.getByRole("status")).toHaveText("Loading…");
  answer();
  await expect(history.getByRole("cell", { name: "Could not be read" })).toBeVisible();
  // A 500 is the shell's toast; the rest of the page stays.
  await expect(page.getByText("Application Error")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: project.projectName })).toBeVisible();
});

test("staff sees a project read-only, and may not open a new one", async ({ page, request }) => {
  const project = await lastProject(request);
  await signInWithToken(page, "staff");
  await page.goto(`/webapp/project/de?id=${project.projectID}`);
  // Values, not inputs: the name is the heading, and each field reads as text under its label.
  await expect(page.getByRole("heading", { level: 1, name: project.projectName })).toBeVisible();
  const form = projectForm(page);
  await expect(form.getByRole("term").filter({ hasText: /^Name$/ })).toBeVisible();
  await expect(form.getByRole("definition").filter({ hasText: project.projectName }).first()).toBeVisible();
  await expect(form.getByRole("textbox")).toHaveCount(0);
  await expect(form.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Status history" })).toBeVisible();
  // Staff may search notes (page 35): the project's time shows, totalled.
  await expect(page.getByRole("table", { name: "Totals by employee" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Set status" })).toHaveCount(0);

  await page.goto("/webapp/project/de");
  await expect(page).toHaveURL(/\/webapp\/forbidden$/);
});

test("the dashboard counts each status as the API's rows do, projects with none too, and a count opens their search", async ({
  page,
  request,
}) => {
  await newProject(request, `No Status Test ${unique()}`);
  const statuses = await projectStatuses(request);
  // One after another: sign-ins sent at once would be throttled as a guessing attack.
  const counted: Array<{ status: string; count: number }> = [];
  for (const s of statuses) {
    const count = await totalOf(request, "vwProjectList", `projectLatestStatusCodeID = ${s.appLookupID}`);
    counted.push({ status: s.appLookupValue, count });
  }
  counted.push({
    status: "No status",
    count: await totalOf(request, "vwProjectList", "projectLatestStatusCodeID IS NULL"),
  });
  const all = await totalOf(request, "vwProjectList", "");

  await signInWithToken(page, "admin");
  await page.goto("/webapp/statusdashboard");
  const table = byStatus(page);
  await expect(table.locator("tbody tr")).toHaveText(
    counted.map((c) => `${c.status}${c.count.toLocaleString("en-US")}`),
  );
  await expect(table.locator("tfoot tr")).toHaveText(`Total${all.toLocaleString("en-US")}`);

  const busiest = counted.reduce((a, b) => (b.count > a.count ? b : a));
  const none = counted.at(-1) ?? busiest;
  for (const { status, count } of [busiest, none]) {
    await countLink(page, status, count).click();
    await expect(page).toHaveURL(/\/webapp\/project\?status=\w+$/);
    await expect(page.getByText(`${count.toLocaleString("en-US")} records`, { exact: true })).toBeVisible();
    // The search ran, so its boxes are folded into what it was.
    await expect(page.getByText(new RegExp(`^Searched by Status: ${status}( · |$)`))).toBeVisible();
    await page.goBack();
  }
});

test("a pending portal order is approved in its dialog, then becomes a project with the first status", async ({
  page,
  request,
}) => {
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
  });
  // Removed before its project and its client; its items go with it.
  remember("tblProject", `projectClientID = ${clientID}`);
  remember("tblPortalOrder", `portalOrderID = ${orderID}`);
  await insertAs(request, "tblPortalOrderItem", { portalOrderID: orderID, itemDescription: "Banner", itemQuantity: 2 });
  const [firstStatus] = (await projectStatuses(request)).filter(
    (s) => !(EXCLUDED_PROJECT_STATUS_IDS as readonly number[]).includes(s.appLookupID),
  );

  await signInWithToken(page, "admin");
  await page.goto("/webapp/project/po");
  const openOrder = async () => {
    await page.getByRole("textbox", { name: "Search Portal Orders" }).fill(number);
    await expect(dataRows(page, "Portal Orders")).toHaveCount(1);
    await dataRows(page, "Portal Orders").first().click();
    return page.getByRole("dialog", { name: "Portal Order", exact: true });
  };
  const dialog = await openOrder();
  // The client shows by name; its contacts are the only ones offered.
  await expect(dialog.getByRole("textbox", { name: "Client", exact: true })).toHaveValue(clientName);
  await dialog.getByRole("textbox", { name: "Contact", exact: true }).click();
  const offered = page.getByRole("listbox").getByRole("option");
  await expect(offered).toHaveText([contactName]);
  await dialog.getByRole("heading", { name: "Portal Order" }).click();
  await expect(offered).toHaveCount(0);

  // Pending: no project to make. Approved but not saved: not yet.
  const create = dialog.getByRole("button", { name: "Create project" });
  await expect(create).toHaveCount(0);
  await dialog.getByRole("combobox", { name: "Status" }).selectOption("Approved");
  await expect(create).toHaveCount(0);
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Record updated successfully!")).toBeVisible();
  const again = await openOrder();
  const createAgain = again.getByRole("button", { name: "Create project" });
  await expect(createAgain).toBeEnabled();
  // Not while the order holds unsaved changes: leaving would lose them.
  const notes = again.getByRole("textbox", { name: "Notes" });
  await notes.fill("Rush");
  await expect(createAgain).toBeDisabled();
  await notes.fill("");
  await expect(createAgain).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  await createAgain.click();
  await expect(page).toHaveURL(/\/webapp\/project\/de\?id=\d+$/);
  const projectID = Number(new URL(page.url()).searchParams.get("id"));
  await expect(nameBox(page)).toHaveValue(title);
  await expect(page.getByText(`Current status: ${firstStatus?.appLookupValue}`)).toBeVisible();
  const [order] = await rowsOf<Row>(request, {
    table: "tblPortalOrder",
    fields: "projectID",
    where: `portalOrderID = ${orderID}`,
  });
  expect(order?.projectID).toBe(projectID);

  // Back finds the order's dialog open, as it was left: the list keeps its record in the address.
  await page.goBack();
  await expect(
    page
      .getByRole("dialog", { name: "Portal Order", exact: true })
      .getByRole("link", { name: `Open project ${projectID}` }),
  ).toBeVisible();
});
