import { type APIRequestContext, expect, type Locator, test } from "@playwright/test";
import {
  advancedSearch,
  type CriterionCase,
  choose,
  countOf,
  dataRows,
  deleteAs,
  insertAs,
  listTable,
  rowsOf,
  unique,
} from "./directory-support.js";
import { seriousViolations, signInWithToken, tokenOf } from "./support.js";

const pad = (n: number) => String(n).padStart(2, "0");
/** MM/DD/YYYY of an ISO date. */
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
/** The ISO date n days after another. */
const plusDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Rows by a key, in the order first met. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): T[][] {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()];
}
/** HH:mm of minutes, worked out here rather than by the app's helper. */
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Today in the company's time zone (ISO), as the server counts days. */
async function companyToday(request: APIRequestContext): Promise<string> {
  const token = await tokenOf(request, "admin");
  const config = await (await request.get("/API/AppConfig/", { headers: { authorization: `Bearer ${token}` } })).json();
  return new Intl.DateTimeFormat("en-CA", { timeZone: config.timeZone }).format(new Date());
}

/** The range group of a search form and its two ends. */
const rangeOf = (form: Locator, label: string) => {
  const group = form.getByRole("group", { name: label });
  return { group, from: group.getByRole("textbox", { name: "From" }), to: group.getByRole("textbox", { name: "To" }) };
};

/** The cells of a table's body, row by row, as shown. */
const cellsOf = (table: Locator) =>
  table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("td"), (td) => td.textContent?.trim() ?? "")),
    );

test.beforeEach(async ({ page }) => signInWithToken(page, "admin"));

test.describe("project search /project", () => {
  const form = "Search projects";
  const results = "Projects found";

  test("each box alone finds the API's count, a row opens the project, the search is remembered", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const count = (where: string) => countOf(request, "vwProjectList", "projectID", where);
    const { search, param, found, eachAlone } = advancedSearch(page, form, results, count);
    const all = await count("");
    const [sample] = await rowsOf<{ projectID: number; categoryName: string; projectCategory: number }>(request, {
      table: "vwProjectList",
      fields: "projectID,categoryName,projectCategory",
      where: "projectCategory IS NOT NULL",
      order: "projectID DESC",
      rowLimit: 1,
    });
    if (!sample) throw new Error("no project with a category");
    const [status] = await rowsOf<{ appLookupID: number; appLookupValue: string }>(request, {
      table: "tblAppLookup",
      fields: "appLookupID,appLookupValue",
      where: "appLookupParentID = '190' AND appLookupValue = 'In Progress'",
    });
    if (!status) throw new Error("no status In Progress");
    const today = await companyToday(request);
    const created = rangeOf(search, "Created");

    // Bare, the required range ends today: every project is found.
    await page.goto("/webapp/project");
    await expect(created.to).toHaveValue(us(today));
    await expect(created.from).toHaveValue("");
    await found(all);

    const criteria: CriterionCase[] = [
      {
        param: "id",
        value: String(sample.projectID),
        where: `projectID = ${sample.projectID}`,
        set: () => search.getByRole("textbox", { name: "Project ID" }).fill(String(sample.projectID)),
      },
      {
        param: "name",
        value: "medical",
        where: "projectName LIKE '%medical%'",
        set: () => search.getByRole("textbox", { name: "Name", exact: true }).fill("medical"),
      },
      {
        param: "source",
        value: "PO-031",
        where: "projectFirstSourceNumber LIKE '%PO-031%' OR projectSecondSourceNumber LIKE '%PO-031%'",
        set: () => search.getByRole("textbox", { name: "Source Number" }).fill("PO-031"),
      },
      {
        param: "client",
        value: "oak hill",
        where: "clientName LIKE '%oak hill%'",
        set: () => search.getByRole("textbox", { name: "Client" }).fill("oak hill"),
      },
      {
        param: "status",
        value: String(status.appLookupID),
        where: `projectLatestStatusCodeID = ${status.appLookupID}`,
        set: () => choose(search, page, "Status", status.appLookupValue),
      },
      {
        param: "category",
        value: String(sample.projectCategory),
        where: `projectCategory = ${sample.projectCategory}`,
        set: () => choose(search, page, "Category", sample.categoryName),
      },
      {
        param: "createdFrom",
        value: us(plusDays(today, -90)),
        where: `projectCreatedTS >= '${plusDays(today, -90)}' AND projectCreatedTS < '${plusDays(today, -29)}'`,
        set: async () => {
          await created.from.fill(us(plusDays(today, -90)));
          await created.to.fill(us(plusDays(today, -30)));
        },
      },
    ];
    await eachAlone(criteria, all);

    // A row opens its project.
    await search.getByRole("textbox", { name: "Project ID" }).fill(String(sample.projectID));
    await search.getByRole("button", { name: "Search" }).click();
    await found(1);
    await dataRows(page, results).first().click();
    await expect(page).toHaveURL(new RegExp(`/project/de\\?id=${sample.projectID}$`));

    // The last search comes back when /project is opened bare in the same tab.
    await page.goto("/webapp/project");
    await expect.poll(() => param("id")).toBe(String(sample.projectID));
    expect(param("createdTo")).toBe(us(today));
    await found(1);

    // The dashboard's link names a status only: the range still ends today.
    await page.goto(`/webapp/project?status=${status.appLookupID}`);
    await expect(created.to).toHaveValue(us(today));
    await found(await count(`projectLatestStatusCodeID = ${status.appLookupID}`));
  });

  test("a wrong Created range shows its message and searches nothing", async ({ page }) => {
    await page.goto("/webapp/project");
    const search = page.getByRole("form", { name: form });
    const { group, from, to } = rangeOf(search, "Created");
    const button = search.getByRole("button", { name: "Search" });
    await expect(to).not.toHaveValue("");
    const before = page.url();

    await to.fill("");
    await expect(group.getByText("Created is required")).toBeVisible();
    await expect(button).toBeDisabled();
    await to.press("Enter");
    await from.fill("13/01/2026");
    await expect(group.getByText("Created is not `date` format")).toBeVisible();
    await expect(button).toBeDisabled();
    await from.fill("02/01/2026");
    await to.fill("01/01/2026");
    await expect(group.getByText("start date must be less than end date")).toBeVisible();
    await expect(button).toBeDisabled();
    expect(page.url()).toBe(before);

    // Typed into the address, a wrong range is shown the same way, and nothing is searched.
    await page.goto("/webapp/project?createdFrom=13/01/2026");
    await expect(group.getByText("Created is not `date` format")).toBeVisible();
    await expect(listTable(page, results)).toHaveCount(0);
  });
});

test.describe("notes / time search /project/pn", () => {
  test("one employee over a week: the records and totals are those of the API's rows", async ({ page, request }) => {
    const today = await companyToday(request);
    const [first, last] = [plusDays(today, -9), plusDays(today, -3)];
    const range = `createdTS >= '${first}' AND createdTS < '${plusDays(last, 1)}'`;
    type Note = { empID: number; empName: string; projectID: number; projectName: string; ProjectNotesMinutes: number };
    const notes = await rowsOf<Note>(request, {
      table: "vwProjectNoteSearch",
      fields: "empID,empName,projectID,projectName,ProjectNotesMinutes",
      where: range,
    });
    const directory = await rowsOf<{ empName: string }>(request, { table: "vwEmployeeDirectory", fields: "empName" });
    const named = (name: string) => directory.filter((e) => e.empName === name).length === 1;
    // Someone with notes on several projects, whose name picks them alone.
    const employee = groupBy(notes, (n) => n.empID).find(
      (own) => own.length > 3 && new Set(own.map((n) => n.projectID)).size > 1 && named(own[0]?.empName ?? ""),
    );
    if (!employee?.[0]) throw new Error("no employee with notes on several projects that week");
    const { empID, empName } = employee[0];
    const mine = await rowsOf<Note>(request, {
      table: "vwProjectNoteSearch",
      fields: "empID,empName,projectID,projectName,ProjectNotesMinutes",
      where: `empID = ${empID} AND ${range}`,
    });
    const minutes = mine.reduce((sum, n) => sum + n.ProjectNotesMinutes, 0);
    const projects = groupBy(mine, (n) => n.projectID).map((own) => [
      own[0]?.projectName ?? "",
      String(own.length),
      hhmm(own.reduce((sum, n) => sum + n.ProjectNotesMinutes, 0)),
    ]);

    await page.goto("/webapp/project/pn");
    await page.getByRole("dialog", { name: "Load every record?" }).getByRole("button", { name: "No" }).click();
    const search = page.getByRole("form", { name: "Search time notes" });
    await choose(search, page, "Employee", empName);
    const logged = rangeOf(search, "Logged");
    await logged.from.fill(us(first));
    await logged.to.fill(us(last));
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`employee=${empID}`));

    await expect(page.getByText(`${mine.length.toLocaleString("en-US")} records`, { exact: true })).toBeVisible();
    await expect(dataRows(page, "Time notes")).toHaveCount(Math.min(mine.length, 50));
    const byPerson = page.getByRole("table", { name: "Totals by employee" });
    await expect.poll(() => cellsOf(byPerson)).toEqual([[empName, String(mine.length), hhmm(minutes)]]);
    const byProject = page.getByRole("table", { name: "Totals by project" });
    const sorted = (rows: string[][]) => [...rows].sort((a, b) => a.join("|").localeCompare(b.join("|")));
    await expect.poll(async () => sorted(await cellsOf(byProject))).toEqual(sorted(projects));
    await expect(page.getByText(`Total: ${hhmm(minutes)}`, { exact: true })).toBeVisible();
    // The totals export as the list does: a workbook.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export totals by project" }).click();
    expect((await download).suggestedFilename()).toBe("data.xlsx");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("status audit /statusaudit", () => {
  test("a status set today is found by today and its new status, with the old one and who set it", async ({
    page,
    request,
  }) => {
    const name = `Audit ${unique()}`;
    const [client] = await rowsOf<{ clientID: number }>(request, {
      table: "tblClient",
      fields: "clientID",
      rowLimit: 1,
    });
    const projectID = await insertAs(request, "tblProject", { projectName: name, projectClientID: client?.clientID });
    try {
      const statuses = await rowsOf<{ appLookupID: number; appLookupValue: string }>(request, {
        table: "tblAppLookup",
        fields: "appLookupID,appLookupValue",
        where: "appLookupParentID = '190' AND appLookupValue IN ('Bid', 'Awarded')",
      });
      const code = (value: string) => statuses.find((s) => s.appLookupValue === value)?.appLookupID;
      await insertAs(request, "tblProjectStatus", { projectID, projectStatusCodeID: code("Bid") });
      const statusID = await insertAs(request, "tblProjectStatus", { projectID, projectStatusCodeID: code("Awarded") });
      const [set] = await rowsOf<{ empID: number }>(request, {
        table: "tblProjectStatus",
        fields: "empID",
        where: `projectStatusID = ${statusID}`,
      });
      const [who] = await rowsOf<{ empName: string }>(request, {
        table: "vwEmployeeDirectory",
        fields: "empName",
        where: `empID = ${set?.empID}`,
      });
      const today = us(await companyToday(request));

      await page.goto("/webapp/statusaudit");
      const search = page.getByRole("form", { name: "Search status changes" });
      const changed = rangeOf(search, "Changed");
      await changed.from.fill(today);
      await changed.to.fill(today);
      await choose(search, page, "New Status", "Awarded");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/changedFrom=.*status=/);
      const row = dataRows(page, "Status changes").filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("cell")).toContainText([
        String(projectID),
        name,
        "Bid",
        "Awarded",
        who?.empName ?? "?",
      ]);
    } finally {
      await deleteAs(request, "tblProject", `projectID = ${projectID}`);
    }
  });
});
