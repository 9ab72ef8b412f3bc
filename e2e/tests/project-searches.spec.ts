import { expect, type Locator, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { choose, dataRows, rowsOf } from "./directory-support.js";
import { totalOf } from "./project-support.js";
import { companyToday, plusDays, seriousViolations, signInWithToken, us, weekday } from "./support.js";

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

test.describe("notes / time search /project/pn", () => {
  test("one employee over a week: the records and totals are those of the API's rows", async ({ page, request }) => {
    await signInWithToken(page, "admin");
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
    // The totals export as the list does: data.xlsx, Sheet1, each group by its name (no key column).
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export totals by project" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("data.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.getWorksheet("Sheet1");
    expect(sheet?.getRow(1).values).toEqual([undefined, "Project", "Notes", "HH:mm"]);
    // Counts and durations are numbers a sum works on: minutes as days, shown as [h]:mm (which
    // ExcelJS reads back as a moment after Excel's day zero).
    const DAY_ZERO = Date.UTC(1899, 11, 30);
    const exported = (sheet?.getRows(2, projects.length) ?? []).map((row) => {
      const [name, notes, time] = (row.values as unknown[]).slice(1);
      const minutes = time instanceof Date ? (time.getTime() - DAY_ZERO) / 60_000 : Number(time) * 1440;
      return [String(name), String(notes), hhmm(Math.round(minutes))];
    });
    expect(sorted(exported)).toEqual(sorted(projects));
    expect(sheet?.getRow(2).getCell(3).numFmt).toBe("[h]:mm");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
