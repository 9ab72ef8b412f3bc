import { expect, type Locator, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { advancedSearch, type CriterionCase, choose, dataRows, listTable, rowsOf } from "./directory-support.js";
import { projectStatuses, totalOf } from "./project-support.js";
import { companyToday, plusDays, seriousViolations, signInWithToken, us, watchApiCalls, weekday } from "./support.js";

const pad = (n: number) => String(n).padStart(2, "0");
/** Rows by a key, in the order first met. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): T[][] {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()];
}
/** HH:mm of minutes, worked out here rather than by the app's helper. */
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

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
    const count = (where: string) => totalOf(request, "vwProjectList", where);
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
    const status = (await projectStatuses(request)).find((s) => s.appLookupValue === "In Progress");
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

    // The last search comes back when /project is opened bare in the same tab; its range is
    // still "up to today", not a date, so that it means today on a later day too.
    await page.goto("/webapp/project");
    await expect.poll(() => param("id")).toBe(String(sample.projectID));
    expect(param("createdTo")).toBeNull();
    await expect(created.to).toHaveValue(us(today));
    await found(1);

    // The dashboard's link names a status only: the range still ends today.
    await page.goto(`/webapp/project?status=${status.appLookupID}`);
    await expect(created.to).toHaveValue(us(today));
    await found(await count(`projectLatestStatusCodeID = ${status.appLookupID}`));

    // Signing out forgets the searches: the next person at the tab starts afresh.
    const remembered = () =>
      page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("office.search.")));
    expect(await remembered()).not.toEqual([]);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/webapp\/login$/);
    expect(await remembered()).toEqual([]);
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

    // Typed into the address, a wrong range is shown the same way, and nothing is searched:
    // once the page's calls have settled, none asked for projects.
    const searched: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/API/Query/" && url.searchParams.get("table") === "vwProjectList")
        searched.push(url.search);
    });
    const calls = watchApiCalls(page);
    await page.goto("/webapp/project?createdFrom=13/01/2026");
    await expect(group.getByText("Created is not `date` format")).toBeVisible();
    await calls.settled();
    await expect(listTable(page, results)).toHaveCount(0);
    expect(searched).toEqual([]);

    // A project id is a number: anything else is the number rule's message, not every project.
    await page.goto("/webapp/project?id=12a");
    const id = search.getByRole("textbox", { name: "Project ID" });
    await expect(id).toHaveValue("12a");
    await expect(search.getByText("Enter a valid number")).toBeVisible();
    await calls.settled();
    await expect(listTable(page, results)).toHaveCount(0);
    expect(searched).toEqual([]);
    await id.fill("12");
    await expect(search.getByText("Enter a valid number")).toHaveCount(0);
    await expect(button).toBeEnabled();
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

    // The page opens on this week's notes (from its Sunday), as the header counts the week.
    await page.goto("/webapp/project/pn");
    const search = page.getByRole("form", { name: "Search time notes" });
    const logged = rangeOf(search, "Logged");
    await expect(logged.from).toHaveValue(us(plusDays(today, -weekday(today))));
    await expect(logged.to).toHaveValue(us(today));
    const thisWeek = `createdTS >= '${plusDays(today, -weekday(today))}' AND createdTS < '${plusDays(today, 1)}'`;
    await expect(
      page.getByText(`${(await totalOf(request, "vwProjectNoteSearch", thisWeek)).toLocaleString("en-US")} records`, {
        exact: true,
      }),
    ).toBeVisible();

    await choose(search, page, "Employee", empName);
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
    // The totals export as the list does: data.xlsx, Sheet1, the first column (the key) dropped.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export totals by project" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("data.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.getWorksheet("Sheet1");
    expect(sheet?.getRow(1).values).toEqual([undefined, "Project", "Notes", "HH:mm"]);
    const exported = (sheet?.getRows(2, projects.length) ?? []).map((row) =>
      (row.values as unknown[]).slice(1).map(String),
    );
    expect(sorted(exported)).toEqual(sorted(projects));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
