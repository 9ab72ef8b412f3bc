import {
  formatMinutes,
  hoursRanges,
  hoursTable,
  LOGGED_NOTE_FIELDS,
  type LoggedNote,
  loggedRangeWhere,
} from "@office/core";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { openSignedIn, query, tokenOf } from "./support.js";

const ZONE = "America/New_York"; // the server's default COMPANY_TIME_ZONE, which the e2e server keeps

/** The signed-in user's notes of this week, read through the API and split as the header splits them. */
async function loggedHours(request: APIRequestContext, username: string) {
  const ranges = hoursRanges(new Date(), ZONE);
  const notes = await query<LoggedNote>(request, await tokenOf(request, username), {
    table: "vwMyProjectNotes",
    fields: LOGGED_NOTE_FIELDS.join(","),
    where: loggedRangeWhere(ranges.week),
  });
  return { today: hoursTable(notes, ranges.today), week: hoursTable(notes, ranges.week) };
}

/** An open project (latest status not 56, 66 or 194) and a closed one, from the API. */
async function projects(request: APIRequestContext) {
  const token = await tokenOf(request, "staff");
  const [open] = await query<{ projectID: number; projectName: string }>(request, token, {
    table: "vwProjectSearch",
    where: "latestStatusCodeID IN (60, 61, 62)",
    order: "projectID DESC",
    rowLimit: 1,
  });
  const [closed] = await query<{ projectID: number; projectName: string }>(request, token, {
    table: "vwProjectSearch",
    where: "latestStatusCodeID IN (56, 66, 194)",
    order: "projectID DESC",
    rowLimit: 1,
  });
  if (!open || !closed) throw new Error("the demo company lacks an open or a closed project");
  return { open, closed };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const dialog = (page: Page) => page.getByRole("dialog", { name: "Project Notes" });
const projectBox = (page: Page) => dialog(page).getByRole("textbox", { name: "Project", exact: true });
const hoursButton = (page: Page) => page.getByRole("button", { name: /^Logged hours: / });

async function chooseProject(page: Page, projectID: number) {
  await projectBox(page).fill(String(projectID));
  await page
    .getByRole("listbox")
    .getByRole("option", { name: new RegExp(`^${projectID} · `) })
    .click();
}

test("logging a note checks the form, inserts with the user as author, and updates both hours tables", async ({
  page,
  request,
}) => {
  const { open } = await projects(request);
  const before = await loggedHours(request, "staff");
  await openSignedIn(page, "staff");
  await expect(hoursButton(page)).toHaveAccessibleName(
    `Logged hours: Today ${before.today.total} · Week ${before.week.total}`,
  );

  await page.getByRole("button", { name: "Project Notes" }).click();
  await expect(dialog(page).getByLabel("Type")).toHaveValue("105");
  await dialog(page).getByLabel("Type").selectOption("");
  await dialog(page).getByRole("button", { name: "Insert" }).click();
  await expect(dialog(page).getByText("Project is required")).toBeVisible();
  await expect(dialog(page).getByText("Charged Time is required")).toBeVisible();
  await expect(dialog(page).getByText("Type is required")).toBeVisible();

  await chooseProject(page, open.projectID);
  await dialog(page).getByLabel("Charged Time").selectOption({ label: "1:45" });
  await dialog(page).getByLabel("Type").selectOption({ label: "Site Visit" });
  const text = `Walked the site ${Date.now()}`;
  await dialog(page).getByLabel("Note", { exact: true }).fill(text);
  await dialog(page).getByRole("button", { name: "Insert" }).click();
  await expect(page.getByText("Record Inserted", { exact: true })).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  const after = await loggedHours(request, "staff");
  expect(after.today.minutes).toBe(before.today.minutes + 105);
  expect(after.week.minutes).toBe(before.week.minutes + 105);
  await expect(hoursButton(page)).toHaveAccessibleName(
    `Logged hours: Today ${after.today.total} · Week ${after.week.total}`,
  );
  await hoursButton(page).click();
  const panel = page.getByRole("dialog", { name: "Logged hours" });
  for (const [caption, hours] of [
    ["Today's hours", after.today],
    ["This week's hours", after.week],
  ] as const) {
    const t = panel.getByRole("table", { name: caption });
    const row = t.getByRole("row").filter({ hasText: text });
    await expect(row.getByRole("cell")).toHaveText([
      String(hours.rows.length),
      open.projectName,
      text,
      formatMinutes(105),
      /\d\d:\d\d [ap]m$/,
    ]);
    await expect(t.getByRole("row", { name: /^Total/ })).toContainText(hours.total);
  }

  // The server wrote the note as Sam Taylor's, whatever a client sends.
  const [note] = await query<{ empID: number; projectNoteCategory: number }>(request, await tokenOf(request, "admin"), {
    table: "tblProjectNotes",
    where: `ProjectNotesDesc = '${text}'`,
  });
  expect(note).toMatchObject({ empID: 2, projectNoteCategory: 107 });

  // Its author corrects it from the hours table (still open), then deletes it and takes the delete back.
  const opener = (time: string) =>
    page
      .getByRole("table", { name: "Today's hours" })
      .getByRole("button", { name: `Open the note: ${time} on ${open.projectName}` });
  await opener(formatMinutes(105)).last().click();
  const noteDialog = page.getByRole("dialog", { name: "Time Note" });
  await noteDialog.getByLabel("Charged Time").selectOption({ label: "2:00" });
  await noteDialog.getByRole("button", { name: "Update" }).click();
  await expect(noteDialog).toBeHidden();
  const corrected = await loggedHours(request, "staff");
  expect(corrected.today.minutes).toBe(after.today.minutes + 15);
  await expect(hoursButton(page)).toHaveAccessibleName(
    `Logged hours: Today ${corrected.today.total} · Week ${corrected.week.total}`,
  );
  await hoursButton(page).click();
  await opener(formatMinutes(120)).last().click();
  await noteDialog.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete this time note?" }).getByRole("button", { name: "Delete" }).click();
  await expect(hoursButton(page)).toHaveAccessibleName(
    `Logged hours: Today ${before.today.total} · Week ${before.week.total}`,
  );
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Record Restored", { exact: true })).toBeVisible();
  await expect(hoursButton(page)).toHaveAccessibleName(
    `Logged hours: Today ${corrected.today.total} · Week ${corrected.week.total}`,
  );
});

test("opened on a project's page, the dialog starts with that project and Charged Time focused; an empty note text is stored as null", async ({
  page,
  request,
}) => {
  const { open } = await projects(request);
  const admin = await tokenOf(request, "admin");
  const count = async () =>
    (
      await query<{ projectNotesID: number }>(request, admin, {
        table: "tblProjectNotes",
        where: `projectID = ${open.projectID} AND empID = 2 AND ProjectNotesDesc IS NULL AND ProjectNotesMinutes = 750`,
      })
    ).length;
  const nulls = await count();
  await openSignedIn(page, "staff", `/webapp/project/de?id=${open.projectID}`);
  await page.getByRole("button", { name: "Project Notes" }).click();
  await expect(projectBox(page)).toHaveValue(new RegExp(`^${open.projectID} · ${escapeRegExp(open.projectName)}`));
  await expect(dialog(page).getByLabel("Charged Time")).toBeFocused();
  await page.keyboard.press("End");
  await expect(dialog(page).getByLabel("Charged Time")).toHaveValue("750");
  await dialog(page).getByLabel("Note", { exact: true }).fill("   ");
  await dialog(page).getByRole("button", { name: "Insert" }).click();
  await expect(dialog(page)).toBeHidden();
  expect(await count()).toBe(nulls + 1);
});

test("the Project choices leave out projects whose latest status is 56, 66 or 194", async ({ page, request }) => {
  const { open, closed } = await projects(request);
  await openSignedIn(page, "staff");
  await page.getByRole("button", { name: "Project Notes" }).click();
  const option = (id: number) => page.getByRole("listbox").getByRole("option", { name: new RegExp(`^${id} · `) });
  const searched = page.waitForResponse(
    (r) => r.url().includes("vwProjectSearch") && r.url().includes(String(closed.projectID)),
  );
  await projectBox(page).fill(String(closed.projectID));
  const found: Array<{ projectID: number }> = (await (await searched).json()).data;
  expect(found.map((p) => p.projectID)).not.toContain(closed.projectID);
  // What the box offers is what came: the other matches, or that nothing did.
  if (found.length) await expect(page.getByRole("listbox").getByRole("option")).toHaveCount(found.length);
  else await expect(page.getByText("No open project matches")).toBeVisible();
  await expect(option(closed.projectID)).toHaveCount(0);
  await projectBox(page).fill(String(open.projectID));
  await expect(option(open.projectID)).toBeVisible();
});

test("noperm gets no Project Notes button, and neither does a user whose add on page 9 is taken away", async ({
  page,
  browser,
  request,
}) => {
  await openSignedIn(page, "noperm");
  await expect(page).toHaveURL(/\/webapp\/forbidden$/);
  await expect(page.getByRole("button", { name: "Project Notes" })).toHaveCount(0);

  const admin = await tokenOf(request, "admin");
  const setAdd = (add: 0 | 1) =>
    request.put("/API/Update/", {
      data: {
        table: "tblPermission",
        where: "empID = 2 AND permissionPageID = 9",
        fields: { permissionAdd: add },
        debug: 0,
      },
      headers: { authorization: `Bearer ${admin}` },
    });
  expect((await setAdd(0)).ok()).toBe(true);
  const staff = await browser.newPage();
  try {
    await openSignedIn(staff, "staff");
    await expect(staff.getByRole("link", { name: "Office home" })).toBeVisible();
    await expect(staff.getByRole("button", { name: "Project Notes" })).toHaveCount(0);
    // The server refuses as well.
    const refused = await request.post("/API/Insert/", {
      data: { table: "tblProjectNotes", fields: { projectID: 1, ProjectNotesMinutes: 15 } },
      headers: { authorization: `Bearer ${await tokenOf(request, "staff")}` },
    });
    expect(refused.status()).toBe(403);
  } finally {
    await staff.close();
    expect((await setAdd(1)).ok()).toBe(true);
  }
});

test("closing the dialog with unsaved data asks first", async ({ page }) => {
  await openSignedIn(page, "staff");
  await page.getByRole("button", { name: "Project Notes" }).click();
  await dialog(page).getByLabel("Note", { exact: true }).fill("half a thought");
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("You have unsaved data, Are you sure to close the panel?")).toBeVisible();
  await page.getByRole("button", { name: "No", exact: true }).click();
  await expect(dialog(page).getByLabel("Note", { exact: true })).toHaveValue("half a thought");
});

test("the mobile header has the hours too, behind an icon named with both totals", async ({
  page,
  context,
  request,
}) => {
  await context.addCookies([{ name: "device", value: "MOBILE", url: "http://127.0.0.1" }]);
  const hours = await loggedHours(request, "staff");
  await openSignedIn(page, "staff");
  const button = page.getByRole("banner").getByRole("button", { name: /^Logged hours: / });
  await expect(button).toHaveAccessibleName(`Logged hours: Today ${hours.today.total} · Week ${hours.week.total}`);
  await button.click();
  const panel = page.getByRole("dialog", { name: "Logged hours" });
  await expect(
    panel.getByRole("table", { name: "This week's hours" }).getByRole("row", { name: /^Total/ }),
  ).toContainText(hours.week.total);
});
