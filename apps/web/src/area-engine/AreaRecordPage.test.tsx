import {
  type Area,
  CLIENTS,
  type Column,
  CREDIT_CARDS,
  dateIn,
  displayText,
  EMPLOYEES,
  formatUsDate,
  OPERATIONS,
  PAGES,
  PROJECTS,
  SHIPPING_COMPANIES,
  VENDORS,
  vwProjectsByStatus,
} from "@office/core";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EMPLOYEE_TABS } from "../features/employees/EmployeeAdministration";
import { installFakeApi } from "../test/fake-api";
import { type AppRender, renderWithApp } from "../test/render";
import { UNSAVED_QUESTION } from "../widgets/record/UnsavedQuestion";
import { AreaRecordPage } from "./AreaRecordPage";
import {
  areaTables,
  fieldLabel,
  fieldOf,
  isReadOnly,
  isRequired,
  plainValues,
  RECORD_AREAS,
  ROWS,
  renderRecordPage,
  requiredMessages,
  sectionLabels,
  typedText,
  USERS,
} from "./test-support";

/*
 * An area's data-entry page (/…/de), for every area that has one: the new record's form section
 * by section, the rules' messages before anything is sent and the server's on their fields, an
 * existing record read, updated and deleted after the question, read-only for a user who may
 * only view, an id that names no record, and the records under it (a client's contacts). What
 * e2e/tests/directory-areas, employees, clients, vendors and projects checked area by area.
 */

/** Wrong input the rules refuse, with each field's exact message (the cases the browser tests typed). */
const INVALID: ReadonlyMap<Area, ReadonlyArray<{ label: string; value: string; message: string }>> = new Map([
  [
    EMPLOYEES,
    [
      { label: "Phone", value: "555-12", message: "Phone is not `tel` format" },
      { label: "E-Mail", value: "not an address", message: "E-Mail is not `email` format" },
      { label: "Hire Date", value: "13/45/2026", message: "Hire Date is not `Date` format" },
    ],
  ],
  [
    CLIENTS,
    [
      { label: "Phone", value: "503-555", message: "Phone is not `tel` format" },
      { label: "E-Mail", value: "nobody", message: "E-Mail is not `email` format" },
      { label: "Website", value: "www.example", message: "Website is not `url` format" },
      { label: "Extension", value: "12a", message: "Enter a valid number" },
    ],
  ],
  [
    VENDORS,
    [
      { label: "Phone", value: "1234", message: "Phone is not `tel` format" },
      { label: "Fax", value: "fax me", message: "Fax is not `tel` format" },
      { label: "E-Mail", value: "a@b", message: "E-Mail is not `email` format" },
    ],
  ],
  [
    SHIPPING_COMPANIES,
    [
      { label: "Tracking Address", value: "zephyr.example/track", message: "Tracking Address is not `url` format" },
      { label: "Phone", value: "(12) 345", message: "Phone is not `tel` format" },
    ],
  ],
  [PROJECTS, [{ label: "Due Date", value: "02/30/2026", message: "Due Date is not `Date` format" }]],
  [
    CREDIT_CARDS,
    [
      { label: "Last Four Digits", value: "12a4", message: "Enter a valid number" },
      { label: "Monthly Limit", value: "12.345", message: "Monthly Limit is not `currency` format" },
    ],
  ],
]);

const LONG = { timeout: 5_000 };
const byTitle = (areas: readonly Area[]) => areas.map((area) => [area.recordTitle, area] as const);
const newForm = (area: Area) => screen.findByRole("form", { name: area.newLabel });
const recordForm = (area: Area) => screen.findByRole("form", { name: area.recordTitle }, LONG);
const columnOf = (area: Area, name: string) => area.resource.columns[name] as Column;
/** A required text field with no value of its own (every area's name). */
const requiredText = (area: Area) =>
  area.form.names.filter(
    (name) =>
      isRequired(area.form, name) && area.form.empty[name] === "" && typedText(columnOf(area, name), "") !== undefined,
  );

/** Required fields picked from another table's rows (a card's holder). */
const requiredReferences = (area: Area) =>
  area.form.names.filter((name) => isRequired(area.form, name) && columnOf(area, name).field?.kind === "reference");

/** Text a required field accepts: a word, or the digits or the amount its rules ask for. */
const validText = (area: Area, name: string, word: string) => {
  const column = columnOf(area, name);
  if (column.type === "money") return "1250.50";
  return column.rules?.includes("number") ? "4242" : word;
};

/** Fills every required field of a new record: its texts with `word` (or what their rules ask), its references with their first choice. */
async function fillRequired(
  area: Area,
  form: HTMLElement,
  { user, fill }: Pick<AppRender, "user" | "fill">,
  word: string,
) {
  for (const name of requiredText(area)) {
    await fill(within(form).getByRole("textbox", { name: fieldLabel(area, name) }), validText(area, name, word));
  }
  for (const name of requiredReferences(area)) {
    await user.click(within(form).getByRole("textbox", { name: fieldLabel(area, name) }));
    const [first] = await within(await screen.findByRole("listbox")).findAllByRole("option");
    await user.click(first as HTMLElement);
  }
}

describe.each(byTitle(RECORD_AREAS))("the data entry of %s", (_, area) => {
  it("lays a new record's fields out in the declared sections, and refuses it until the rules pass", async () => {
    const { api, user, fill } = renderRecordPage(area);
    const form = await newForm(area);
    expect(screen.getByRole("heading", { level: 1, name: area.newLabel })).toBeTruthy();
    for (const { title, labels } of sectionLabels(area)) {
      const section = within(form).getByRole("group", { name: title });
      for (const [i, label] of labels.entries()) {
        const name = area.sections.find((s) => s.title === title)?.fields[i] as string;
        expect(fieldOf(section, columnOf(area, name), label), label).toBeTruthy();
      }
    }
    const invalid = INVALID.get(area) ?? [];
    expect(invalid.length, "the cases of this area").toBeGreaterThan(0);
    for (const { label, value } of invalid) await fill(within(form).getByRole("textbox", { name: label }), value);
    await user.click(within(form).getByRole("button", { name: "Insert" }));
    // A required field typed wrong says what is wrong with it, not that it is missing.
    const typed = invalid.map((i) => `${i.label} is required`);
    const required = requiredMessages(area.form).filter((message) => !typed.includes(message));
    const messages = [...required, ...invalid.map((i) => i.message)];
    for (const message of messages) expect(within(form).getByText(message), message).toBeTruthy();
    expect(api.callsTo("/API/Insert/")).toEqual([]);
    // Put right, each message goes.
    for (const { label } of invalid) await fill(within(form).getByRole("textbox", { name: label }), "");
    await fillRequired(area, form, { user, fill }, "Filled in");
    for (const message of messages) expect(within(form).queryByText(message), message).toBeNull();
  });

  it("inserts a valid record and opens it; the server's refusal of a field shows on that field", async () => {
    const { api, user, fill, location } = renderRecordPage(area);
    const form = await newForm(area);
    const names = requiredText(area);
    await fillRequired(area, form, { user, fill }, "Zephyr");
    const first = names[0] as string;
    api.fail(
      { path: "/API/Insert/" },
      { status: 400, message: "Bad Request", fieldErrors: { [first]: "Taken" }, times: 1 },
    );
    await user.click(within(form).getByRole("button", { name: "Insert" }));
    expect(await within(form).findByText("Taken")).toBeTruthy();
    expect(location().search).toBe("");
    await user.click(within(form).getByRole("button", { name: "Insert" }));
    expect(await screen.findByText("Record inserted successfully!")).toBeTruthy();
    const inserts = api.callsTo("/API/Insert/");
    expect(inserts).toHaveLength(2);
    const body = inserts[1]?.body as { table: string; fields: Record<string, unknown> };
    expect(body.table).toBe(area.resource.name);
    for (const name of names) expect(body.fields[name]).toBe(validText(area, name, "Zephyr"));
    await waitFor(() => expect(location().search).toBe(`?id=${ROWS + 1}`));
    expect(location().pathname).toBe(area.recordPath);
  });

  it("opens a record by its id, updates it, and deletes it only after the question", async () => {
    const { api, user, fill, location, crumb } = renderRecordPage(area, { search: "?id=7" });
    const form = await recordForm(area);
    const row = api.table(area.resource.name).find((r) => r[area.resource.key] === 7) ?? {};
    for (const name of area.form.names) {
      const column = columnOf(area, name);
      const field = fieldOf(form, column, fieldLabel(area, name));
      const text = typedText(column, row[name]);
      if (text !== undefined) expect((field as HTMLInputElement).value, name).toBe(text);
      expect(isReadOnly(field), name).toBe(false);
    }
    expect(crumb()).toMatchObject({ level2: "7" });
    const name = requiredText(area)[0] as string;
    await fill(within(form).getByRole("textbox", { name: fieldLabel(area, name) }), "Renamed");
    await user.click(within(form).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Record updated successfully!")).toBeTruthy();
    const [update] = api.callsTo("/API/Update/");
    expect(update?.body).toMatchObject({
      table: area.resource.name,
      where: `${area.resource.key} = 7`,
      fields: { [name]: "Renamed" },
    });

    await user.click(within(form).getByRole("button", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: `Delete this ${area.noun}?` });
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: `Delete this ${area.noun}?` })).toBeNull());
    expect(api.callsTo("/API/Delete/")).toEqual([]);
    // A record still in use (a client's contacts) is refused by the server: the page stays.
    api.fail({ path: "/API/Delete/" }, { status: 409, message: "The record is in use.", times: 1 });
    await user.click(within(form).getByRole("button", { name: "Delete" }));
    const refused = await screen.findByRole("dialog", { name: `Delete this ${area.noun}?` });
    await user.click(within(refused).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed Delete")).toBeTruthy();
    expect(location().search).toBe("?id=7");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: `Delete this ${area.noun}?` })).toBeNull());
    await user.click(within(form).getByRole("button", { name: "Delete" }));
    const again = await screen.findByRole("dialog", { name: `Delete this ${area.noun}?` });
    await user.click(within(again).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Record deleted successfully!")).toBeTruthy();
    expect(api.callsTo("/API/Delete/")[1]?.body).toEqual({
      table: area.resource.name,
      where: `${area.resource.key} = 7`,
    });
    await waitFor(() => expect(location().pathname).toBe(area.listPath));
  });

  it("heads the page with the record's name, and its status beside it where the area has one", async () => {
    const { api } = renderRecordPage(area, { search: "?id=7" });
    await recordForm(area);
    const { key } = area.resource;
    const row = api.table(area.resource.name).find((r) => r[key] === 7) ?? {};
    const name = (area.title ?? []).map((column) => String(row[column] ?? "")).join(" ");
    expect(area.title?.length, "the area names its records").toBeGreaterThan(0);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(name);
    if (area.status) {
      const listed = api.table(area.list.name).find((r) => r[key] === 7) ?? {};
      const shown = displayText(area.list.columns[area.status] as Column, listed[area.status]);
      expect(await screen.findByLabelText(`Status: ${shown}`)).toBeTruthy();
    }
  });

  it("asks before a changed record is left in the app or the tab closed; No keeps the change, Yes leaves", async () => {
    const { user, fill, location, router } = renderRecordPage(area, { search: "?id=7", from: area.listPath });
    const form = await recordForm(area);
    const box = within(form).getByRole("textbox", { name: fieldLabel(area, requiredText(area)[0] as string) });
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      dispatchEvent(event);
      return event.defaultPrevented;
    };
    // Unchanged, the page is left as any other.
    expect(unload()).toBe(false);
    await fill(box, "Renamed");
    expect(unload()).toBe(true);

    // A link or a menu item (the page's own Back to the list is one), then the browser's Back.
    const leaves = [
      () => user.click(within(form).getByRole("button", { name: "Back to the list" })),
      () => act(() => router.navigate(-1)),
    ];
    for (const leave of leaves) {
      await leave();
      const question = await screen.findByRole("dialog", { name: "Unsaved data" });
      expect(within(question).getByText(UNSAVED_QUESTION)).toBeTruthy();
      await user.click(within(question).getByRole("button", { name: "No" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Unsaved data" })).toBeNull());
      expect(location().pathname + location().search).toBe(`${area.recordPath}?id=7`);
      expect((box as HTMLInputElement).value).toBe("Renamed");
    }
    await act(() => router.navigate(-1));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unsaved data" })).getByRole("button", { name: "Yes" }),
    );
    await waitFor(() => expect(location().pathname).toBe(area.listPath));
    expect(unload()).toBe(false);
  });

  it("leaves without asking once the change is saved", async () => {
    const { user, fill, location } = renderRecordPage(area, { search: "?id=7" });
    const form = await recordForm(area);
    await fill(
      within(form).getByRole("textbox", { name: fieldLabel(area, requiredText(area)[0] as string) }),
      "Renamed",
    );
    await user.click(within(form).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Record updated successfully!")).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Back to the list" }));
    await waitFor(() => expect(location().pathname).toBe(area.listPath));
    expect(screen.queryByRole("dialog", { name: "Unsaved data" })).toBeNull();
  });

  it("shows a user who may only view every field as a plain value, with no Update or Delete", async () => {
    const { api } = renderRecordPage(area, { search: "?id=3", permissions: USERS.viewer(area) });
    const form = await recordForm(area);
    await within(form).findAllByRole("term");
    const record = api.table(area.resource.name).find((r) => r[area.resource.key] === 3);
    const shown = plainValues(form);
    expect(Object.keys(shown).sort()).toEqual(area.form.names.map((name) => fieldLabel(area, name)).sort());
    for (const name of area.form.names) {
      // A typed field reads as its value in the table's format ($1,250.50 for an amount).
      const column = columnOf(area, name);
      if (typedText(column, record?.[name]) !== undefined)
        expect(shown[fieldLabel(area, name)], name).toBe(displayText(column, record?.[name]) || "—");
    }
    // A reference reads as the name of what it refers to, once read.
    await waitFor(() => expect(Object.values(plainValues(form))).not.toContain("…"));
    expect(within(form).queryByRole("button", { name: "Update" })).toBeNull();
    expect(within(form).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(form).getByRole("button", { name: "Back to the list" })).toBeTruthy();
  });

  it("says it is looking the record up ('...' in the breadcrumb), then shows its id there", async () => {
    const api = installFakeApi(areaTables(area));
    const held = api.hang({ table: area.resource.name });
    const { crumb } = renderWithApp(<AreaRecordPage area={area} />, {
      api,
      path: `${area.recordPath}?id=5`,
      route: area.recordPath,
    });
    expect(await screen.findByLabelText(`Loading the ${area.noun}`)).toBeTruthy();
    await waitFor(() => expect(crumb()?.level2).toBe("..."));
    held.release();
    await recordForm(area);
    expect(crumb()).toMatchObject({ level2: "5", clipboard: "5" });
  });

  it("shows 'Not Found' with a Back link for an id that names no record, and for one that cannot be an id", async () => {
    const tables = areaTables(area);
    const first = renderRecordPage(area, { search: "?id=2000000000", tables });
    expect(await screen.findByRole("heading", { name: "Not Found" })).toBeTruthy();
    expect(screen.getByText(`There is no ${area.noun} with the id 2000000000.`)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    first.unmount();

    // Not asking the server.
    const second = renderRecordPage(area, { search: "?id=abc", tables });
    expect(await screen.findByRole("heading", { name: "Not Found" })).toBeTruthy();
    expect(second.api.queries(area.resource.name)).toEqual([]);
  });
});

describe.each(byTitle(RECORD_AREAS.filter((a) => a.children.some((c) => "fields" in c.edit))))(
  "the records under a record of %s",
  (_, area) => {
    it("lists each child list's records of this record, adds one only once valid, and edits one in its dialog", async () => {
      const { api, user, fill } = renderRecordPage(area, { search: "?id=4" });
      await recordForm(area);
      for (const child of area.children) {
        if (!("fields" in child.edit)) continue;
        const list = child.list ?? child.resource;
        await openTab(user, child.title);
        const section = await screen.findByRole("region", { name: child.title });
        const theirs = api.table(list.name).filter((r) => r[child.foreignKey] === 4);
        expect(await within(section).findByText(`${theirs.length} records`)).toBeTruthy();
        expect(within(within(section).getByRole("table", { name: child.title })).getAllByRole("row")).toHaveLength(
          theirs.length + 1,
        );

        await user.click(within(section).getByRole("button", { name: child.edit.newLabel }));
        const dialog = await screen.findByRole("dialog", { name: child.edit.newLabel });
        await user.click(within(dialog).getByRole("button", { name: "Insert" }));
        const required = child.edit.fields.filter((f) => child.resource.columns[f]?.rules?.includes("required"));
        expect(required.length).toBeGreaterThan(0);
        for (const name of required) {
          const label = child.resource.columns[name]?.label ?? name;
          expect(within(dialog).getByText(`${label} is required`)).toBeTruthy();
          await fill(within(dialog).getByRole("textbox", { name: label }), "Imogen Castellane");
        }
        expect(api.callsTo("/API/Insert/")).toEqual([]);
        await user.click(within(dialog).getByRole("button", { name: "Insert" }));
        expect(await screen.findByText("Record inserted successfully!")).toBeTruthy();
        const body = api.callsTo("/API/Insert/")[0]?.body as { table: string; fields: Record<string, unknown> };
        expect(body.table).toBe(child.resource.name);
        expect(body.fields[child.foreignKey]).toBe(4);
        expect(await within(section).findByText(`${theirs.length + 1} records`, {}, LONG)).toBeTruthy();

        // A row opens its dialog with every field of the record; Update sends them all (notes kept).
        const [first] = theirs;
        const childKey = first?.[child.resource.key];
        const row = within(within(section).getByRole("table", { name: child.title }))
          .getAllByRole("row")
          .find((r) => r.textContent?.includes(String(first?.[child.columns[0] as string])));
        await user.click(row as HTMLElement);
        const edit = await screen.findByRole("dialog", { name: child.edit.recordTitle });
        const stored = api.table(child.resource.name).find((r) => r[child.resource.key] === childKey) ?? {};
        for (const name of child.edit.fields) {
          const column = child.resource.columns[name] as Column;
          const text = typedText(column, stored[name]);
          if (text === undefined) continue;
          const box = within(edit).getByRole("textbox", { name: column.label ?? name });
          expect((box as HTMLInputElement).value, name).toBe(text);
        }
        // The first text field after the first (a shipment's second is its carrier, a select).
        const changed = child.edit.fields.find((name, i) => {
          const kind = child.resource.columns[name]?.field?.kind;
          return i > 0 && child.resource.columns[name]?.type === "text" && (kind === undefined || kind === "textarea");
        }) as string;
        const changedLabel = child.resource.columns[changed]?.label ?? changed;
        await fill(within(edit).getByRole("textbox", { name: changedLabel }), "Owner");
        await user.click(within(edit).getByRole("button", { name: "Update" }));
        expect(await screen.findByText("Record updated successfully!")).toBeTruthy();
        const update = api.callsTo("/API/Update/")[0]?.body as { where: string; fields: Record<string, unknown> };
        expect(update.where).toBe(`${child.resource.key} = ${childKey}`);
        for (const name of child.edit.fields) {
          expect(update.fields[name], name).toEqual(name === changed ? "Owner" : stored[name]);
        }
      }
    });
  },
);

describe("a record's status beside its heading", () => {
  it("is read only by a user who may read the view it comes from, and left out for anyone else", async () => {
    // Projects' status from a view governed by another page (the dashboard's, page 2).
    const area = { ...PROJECTS, list: vwProjectsByStatus };
    const tables = { ...areaTables(PROJECTS), vwProjectsByStatus: [{ projectID: 7, latestStatusName: "Awarded" }] };
    const page = <AreaRecordPage area={area} />;
    const options = { path: "/project/de?id=7", route: "/project/de", tables };
    const both = renderWithApp(page, {
      ...options,
      permissions: USERS.viewer(),
    });
    expect(await screen.findByLabelText("Status: Awarded", {}, LONG)).toBeTruthy();
    both.unmount();

    const projectsOnly = renderWithApp(page, {
      ...options,
      permissions: USERS.viewer().filter((row) => row.permissionPageID !== PAGES.statusDashboard),
    });
    await recordForm(PROJECTS);
    expect(screen.queryByLabelText(/^Status:/)).toBeNull();
    expect(projectsOnly.api.queries("vwProjectsByStatus")).toEqual([]);
    expect(projectsOnly.failure()).toBeNull();
  });
});

describe("the records related to a record", () => {
  it("lists a client's projects, each opening its page; left out for a user who may not read projects", async () => {
    const tables = areaTables(CLIENTS);
    const projects = [4, 4, 5].map((clientID, i) => ({
      projectID: 900 + i,
      projectName: `Related ${i}`,
      projectClientID: clientID,
      latestStatusName: "Awarded",
      categoryName: "Education",
      projectDueDate: "2026-12-01",
    }));
    tables.vwProjectList = projects;
    const { user, location, api, unmount } = renderRecordPage(CLIENTS, { search: "?id=4", tables });
    // Its tab says how many, before it is opened.
    expect(await screen.findByRole("tab", { name: "Projects 2" }, LONG)).toBeTruthy();
    await openTab(user, "Projects");
    expect(location().search).toBe("?id=4&tab=projects");
    const section = await screen.findByRole("region", { name: "Projects" }, LONG);
    expect(await within(section).findByText("2 records")).toBeTruthy();
    expect(api.queries("vwProjectList")[0]?.where).toContain("projectClientID = 4");
    // Every one of them, in the search that lists projects, filtered to the client.
    const seeAll = within(section).getByRole("link", { name: "See all in Project Search" });
    expect(seeAll.getAttribute("href")).toBe("/project?client=4");
    await user.click(within(section).getByText("Related 1"));
    await waitFor(() => expect(location().pathname + location().search).toBe("/project/de?id=901"));
    unmount();

    renderRecordPage(CLIENTS, {
      search: "?id=4",
      tables,
      permissions: USERS.viewer().filter((row) => row.permissionPageID !== PAGES.projects),
    });
    await screen.findByRole("tab", { name: /^Contacts/ }, LONG);
    expect(screen.queryByRole("tab", { name: /^Projects/ })).toBeNull();
  });
});

describe("an employee's recent activity", () => {
  it("lists their time notes newest first, each opening its project, and links to all of them", async () => {
    const tables = areaTables(EMPLOYEES);
    tables.vwProjectNoteSearch = [
      {
        projectNotesID: 71,
        empID: 3,
        projectID: 512,
        projectName: "Harbor Clinic",
        createdTS: "2026-11-20T10:00:00-05:00",
      },
    ];
    const { user, location, api } = renderRecordPage(EMPLOYEES, { search: "?id=3", tables });
    await openTab(user, "Time Notes");
    const section = await screen.findByRole("region", { name: "Time Notes" }, LONG);
    await within(section).findByText("Harbor Clinic");
    const asked = api.queries("vwProjectNoteSearch")[0];
    expect(asked?.where).toContain("empID = 3");
    expect(asked?.order).toBe("createdTS DESC");
    // The notes search opens on this week: the link asks for every day up to the company's today.
    const today = formatUsDate(dateIn(new Date(), "America/New_York")) ?? "";
    const seeAll = await within(section).findByRole("link", { name: "See all in Notes / Time Search" });
    expect(seeAll.getAttribute("href")).toBe(`/project/pn?employee=3&loggedTo=${encodeURIComponent(today)}`);
    await user.click(within(section).getByText("Harbor Clinic"));
    await waitFor(() => expect(location().pathname + location().search).toBe("/project/de?id=512"));
  });
});

/** Opens a record page's tab by its title (its count follows the title). */
async function openTab(user: AppRender["user"], title: string) {
  await user.click(await screen.findByRole("tab", { name: new RegExp(`^${title}`) }, LONG));
}

describe("the panel an area adds under a record", () => {
  it("shows an employee's sign-in and permissions to administrators (view on page 40) only", async () => {
    const api = installFakeApi(areaTables(EMPLOYEES));
    api.operation(OPERATIONS.permissionGrid, () => ({ data: [] }));
    api.operation(OPERATIONS.signIn, () => ({ data: null }));
    const page = <AreaRecordPage area={EMPLOYEES} tabs={EMPLOYEE_TABS} />;
    const admin = renderWithApp(page, { api, path: "/employee/de?id=3", route: "/employee/de" });
    await openTab(admin.user, "Permissions");
    expect(await screen.findByRole("table", { name: "Permissions" }, LONG)).toBeTruthy();
    await openTab(admin.user, "Sign-in");
    expect(screen.getByRole("form", { name: "Sign-in" })).toBeTruthy();
    admin.unmount();

    api.clearCalls();
    const viewer = renderWithApp(page, {
      api,
      path: "/employee/de?id=3",
      route: "/employee/de",
      permissions: USERS.viewer().filter((row) => row.permissionPageID !== PAGES.administrator),
    });
    await recordForm(EMPLOYEES);
    expect(screen.queryByRole("tab", { name: "Permissions" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Sign-in" })).toBeNull();
    expect(screen.queryByRole("table", { name: "Permissions" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Sign-in" })).toBeNull();
    expect(viewer.api.callsTo("/API/Permissions/3")).toEqual([]);
  });
});

describe("a record's tabs", () => {
  it("says an employee's hours beside their time notes' tab, from the list's totals", async () => {
    const tables = areaTables(EMPLOYEES);
    tables.vwProjectNoteSearch = [90, 150, 60].map((minutes, i) => ({
      projectNotesID: 80 + i,
      empID: 3,
      projectID: 512,
      projectName: "Harbor Clinic",
      ProjectNotesMinutes: minutes,
      createdTS: "2026-11-20T10:00:00-05:00",
    }));
    renderRecordPage(EMPLOYEES, { search: "?id=3", tables });
    // 300 minutes are 5 hours.
    expect(await screen.findByRole("tab", { name: "Time Notes 5 h" }, LONG)).toBeTruthy();
  });

  it("shows administrators a record's History, newest first, each field before and after; no one else", async () => {
    const api = installFakeApi(areaTables(CLIENTS));
    const client = api.table("tblClient").find((row) => row.clientID === 4) ?? {};
    api.operation(OPERATIONS.auditTrail, () => ({
      data: [
        {
          auditID: 1,
          empID: 2,
          action: "insert" as const,
          tableName: "tblClient",
          recordKey: "4",
          before: null,
          after: { ...client, clientName: "Old Name" },
          createdTS: "2026-11-01T15:00:00.000Z",
        },
        {
          auditID: 2,
          empID: 3,
          action: "update" as const,
          tableName: "tblClient",
          recordKey: "4",
          before: { ...client, clientName: "Old Name" },
          after: { ...client },
          createdTS: "2026-11-02T15:00:00.000Z",
        },
      ],
    }));
    const page = <AreaRecordPage area={CLIENTS} />;
    const admin = renderWithApp(page, { api, path: "/client/de?id=4", route: "/client/de" });
    await openTab(admin.user, "History");
    const changes = await screen.findByRole("list", { name: "Changes, newest first" }, LONG);
    const [newest, oldest] = within(changes).getAllByRole("listitem");
    expect(newest?.textContent).toContain("Changed");
    // Only the field that changed, before and after.
    const rows = within(newest as HTMLElement)
      .getAllByRole("row")
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([["Name", "Old Name", String(client.clientName)]]);
    expect(oldest?.textContent).toContain("Created");
    expect(api.callsTo("/API/Audit/")[0]?.params).toEqual({ table: "tblClient", key: "4" });
    admin.unmount();

    renderWithApp(page, {
      api,
      path: "/client/de?id=4",
      route: "/client/de",
      permissions: USERS.viewer().filter((row) => row.permissionPageID !== PAGES.administrator),
    });
    await screen.findByRole("tab", { name: /^Contacts/ }, LONG);
    expect(screen.queryByRole("tab", { name: "History" })).toBeNull();
  });
});

describe("a project's parcels", () => {
  it("adds the numbers pasted beside the first as shipments of the project whose page it is", async () => {
    const { user, api } = renderRecordPage(PROJECTS, { search: "?id=4" });
    await recordForm(PROJECTS);
    await openTab(user, "Shipments");
    const section = await screen.findByRole("region", { name: "Shipments" });
    await user.click(within(section).getByRole("button", { name: "New Shipment" }));
    const dialog = await screen.findByRole("dialog", { name: "New Shipment" });
    await user.click(within(dialog).getByRole("textbox", { name: /Tracking Number/ }));
    await user.paste("Your parcels: 1Z999AA10123456784 and 1234 5678 9012");
    const found = await within(dialog).findByRole("region", { name: "Tracking numbers found" }, LONG);
    await user.click(within(found).getByRole("button", { name: "Add 1 shipment" }));
    await waitFor(() => expect(api.callsTo("/API/Insert/")).toHaveLength(1));
    const [sent] = api.callsTo("/API/Insert/");
    expect((sent?.body as { fields?: Record<string, unknown> } | undefined)?.fields).toMatchObject({
      projectID: 4,
      trackingNumber: "123456789012",
      carrier: "FEDEX",
    });
  });
});
