import { type Area, criterionParams, dateIn, formatUsDate, PROJECTS, type SearchCriterion } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { unfolded } from "../test/criteria";
import type { Row } from "../test/fake-api";
import type { AppRender } from "../test/render";
import { listedWhole } from "../widgets/form/reference-rows";
import { areaTables, listHeaders, ROWS, renderSearchPage, SEARCH_AREAS } from "./test-support";

/*
 * An area's advanced search (/employee, /client, /vendor, /project), for every area that has
 * one: a box per declared criterion, each alone finding the records it matches with its value
 * in the address, the address as the search (reloaded, linked, remembered for the session),
 * Clear, and a row opening its record. What e2e/tests/clients, vendors, employees and
 * project-searches checked area by area against the server.
 */

const LONG = { timeout: 5_000 };
const byTitle = (areas: readonly Area[]) => areas.map((area) => [area.listTitle, area] as const);
const formOf = (area: Area) => unfolded(`Search ${area.listTitle.toLowerCase()}`);
const resultsName = (area: Area) => `${area.listTitle} found`;
const dataRows = (area: Area) =>
  within(screen.getByRole("table", { name: resultsName(area) }))
    .queryAllByRole("row")
    .slice(1);
const found = async (n: number) => expect(await screen.findByText(`${n} records`, {}, LONG)).toBeTruthy();

/** A reference criterion's field, whether its own or its column's. */
const fieldOfCriterion = (area: Area, criterion: SearchCriterion) =>
  criterion.kind === "equals" ? (criterion.field ?? area.list.columns[criterion.columns[0] ?? ""]?.field) : undefined;

/** What a box is set to, to find row 7 (and others like it), and which rows that is, worked out here. */
interface Case {
  params: Record<string, string>;
  set: (render: AppRender, form: HTMLElement) => Promise<void>;
  matches: (row: Row) => boolean;
}

const day = (value: unknown) => String(value ?? "").slice(0, 10);

function caseOf(area: Area, criterion: SearchCriterion, rows: readonly Row[], today: string): Case {
  const sample = rows.find((r) => r[area.resource.key] === 7) as Row;
  const column = criterion.columns[0] as string;
  const value = sample[column];
  if (criterion.kind === "contains") {
    // The end of row 7's text ("…Garnetg7x"), in capitals: the box ignores case.
    const text = String(value).slice(-6).toUpperCase();
    return {
      params: { [criterion.name]: text },
      set: ({ fill }, form) => fill(within(form).getByRole("textbox", { name: criterion.label }), text),
      matches: (row) =>
        criterion.columns.some((c) =>
          String(row[c] ?? "")
            .toLowerCase()
            .includes(text.toLowerCase()),
        ),
    };
  }
  if (criterion.kind === "dateRange") {
    const [from, to] = criterionParams(criterion) as [string, string];
    const first = day(value);
    const last = first;
    return {
      params: { [from]: formatUsDate(first) ?? "", [to]: formatUsDate(last) ?? "" },
      set: async ({ fill }, form) => {
        const group = within(form).getByRole("group", { name: criterion.label });
        await fill(within(group).getByRole("textbox", { name: "From" }), formatUsDate(first) ?? "");
        await fill(within(group).getByRole("textbox", { name: "To" }), formatUsDate(last) ?? "");
      },
      matches: (row) => day(row[column]) >= first && day(row[column]) <= last && day(row[column]) <= today,
    };
  }
  const field = fieldOfCriterion(area, criterion);
  const text = String(value);
  const equal = (row: Row) => String(row[column]) === text;
  switch (field?.kind) {
    case "choice":
    case "flag":
      return {
        params: { [criterion.name]: text },
        set: async ({ user }, form) => {
          await user.selectOptions(within(form).getByRole("combobox", { name: criterion.label }), text);
        },
        matches: equal,
      };
    case "reference": {
      const reference = field.reference;
      return {
        params: { [criterion.name]: text },
        set: async ({ user, fill, api }, form) => {
          const label = String(
            api.table(reference.table).find((r) => String(r[reference.value]) === text)?.[reference.label],
          );
          const box = within(form).getByRole("textbox", { name: criterion.label });
          await user.click(box);
          // A small table's values are all listed; another's are searched for what is typed.
          if (!listedWhole(reference)) await fill(box, label);
          await user.click(await screen.findByRole("option", { name: label }, LONG));
          await waitFor(() => expect((box as HTMLInputElement).value).toBe(label));
        },
        matches: equal,
      };
    }
    default:
      // A number typed (a project's id).
      return {
        params: { [criterion.name]: text },
        set: ({ fill }, form) => fill(within(form).getByRole("textbox", { name: criterion.label }), text),
        matches: equal,
      };
  }
}

/** Today in the company's time zone, as the fake's settings give it. */
const companyToday = () => dateIn(new Date(), "America/New_York");

describe.each(byTitle(SEARCH_AREAS))("the advanced search of %s", (_, area) => {
  it("has a box per criterion; bare, it finds every record, under the list's headers", async () => {
    const { api } = renderSearchPage(area);
    const form = formOf(area);
    for (const criterion of area.criteria) {
      const named = within(form).queryAllByLabelText(criterion.label, { exact: true });
      const group = within(form).queryAllByRole("group", { name: criterion.label });
      expect(named.length + group.length, criterion.label).toBeGreaterThan(0);
    }
    await found(ROWS);
    const headers = within(screen.getByRole("table", { name: resultsName(area) }))
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(listHeaders(area));
    expect(api.queries(area.list.name)[0]?.order).toBe(area.order);
  });

  it("finds with each box alone the records it matches, its value in the address; Clear finds every one again", async () => {
    const render = renderSearchPage(area);
    const { api, user, location } = render;
    const rows = api.table(area.list.name);
    const today = companyToday();
    await found(ROWS);
    for (const criterion of area.criteria) {
      const form = formOf(area);
      const { params, set, matches } = caseOf(area, criterion, rows, today);
      await set(render, form);
      await user.click(within(form).getByRole("button", { name: "Search" }));
      const expected = rows.filter(matches).length;
      expect(expected, criterion.name).toBeGreaterThan(0);
      expect(expected, criterion.name).toBeLessThan(ROWS);
      await waitFor(() => {
        const address = new URLSearchParams(location().search);
        for (const [name, value] of Object.entries(params)) expect(address.get(name), name).toBe(value);
      });
      await found(expected);
      await user.click(within(formOf(area)).getByRole("button", { name: "Clear" }));
      await waitFor(() => expect(location().search).toBe(""));
      await found(ROWS);
    }
    // Words are looked for in every column of their box (a vendor's name and its contact):
    // the start of row 7's text in the last of them ("Contact Ga…") is in that column alone.
    for (const criterion of area.criteria.filter((c) => c.kind === "contains" && c.columns.length > 1)) {
      const last = criterion.columns.at(-1) as string;
      const text = String(rows.find((r) => r[area.resource.key] === 7)?.[last]).slice(0, -3);
      const inLast = rows.filter((r) => String(r[last] ?? "").includes(text)).length;
      expect(rows.filter((r) => String(r[criterion.columns[0] as string] ?? "").includes(text))).toEqual([]);
      expect(inLast, criterion.name).toBeGreaterThan(0);
      await render.fill(within(formOf(area)).getByRole("textbox", { name: criterion.label }), text);
      await user.click(within(formOf(area)).getByRole("button", { name: "Search" }));
      await found(inLast);
    }
  });

  it("is its address: opened with one it searches it, a row opens the record, and the last search comes back", async () => {
    const rows = areaTables(area)[area.list.name] ?? [];
    const criterion = area.criteria.find((c) => c.kind === "contains") as SearchCriterion;
    const { params, matches } = caseOf(area, criterion, rows, companyToday());
    const expected = rows.filter(matches).length;

    const search = `?${new URLSearchParams(params)}`;
    const first = renderSearchPage(area, { search });
    await found(expected);
    expect((within(formOf(area)).getByRole("textbox", { name: criterion.label }) as HTMLInputElement).value).toBe(
      params[criterion.name],
    );
    // The search is kept for the session: the page opened bare comes back to it.
    await first.user.click(within(formOf(area)).getByRole("button", { name: "Search" }));
    const row = dataRows(area)[0] as HTMLElement;
    await first.user.click(row);
    expect(await screen.findByText(`Page ${area.recordPath}`)).toBeTruthy();
    const id = new URLSearchParams(first.location().search).get("id");
    expect(rows.find((r) => String(r[area.resource.key]) === id && matches(r))).toBeTruthy();
    first.unmount();

    const bare = renderSearchPage(area);
    await waitFor(() =>
      expect(new URLSearchParams(bare.location().search).get(criterion.name)).toBe(params[criterion.name]),
    );
    await found(expected);
  });
});

describe("the advanced search of Projects", () => {
  it("opens on every project up to today, and a wrong range or id shows its message and searches nothing", async () => {
    const { api, fill, user, location, unmount } = renderSearchPage(PROJECTS);
    const form = formOf(PROJECTS);
    const created = within(form).getByRole("group", { name: "Created" });
    const from = within(created).getByRole("textbox", { name: "From" });
    const to = within(created).getByRole("textbox", { name: "To" });
    await waitFor(() => expect((to as HTMLInputElement).value).toBe(formatUsDate(companyToday())));
    expect((from as HTMLInputElement).value).toBe("");
    await found(ROWS);
    await waitFor(() => expect(dataRows(PROJECTS)).toHaveLength(ROWS));
    const searched = api.queries(PROJECTS.list.name).length;
    const button = within(form).getByRole("button", { name: "Search" });

    await fill(to, "");
    expect(await within(created).findByText("Created is required")).toBeTruthy();
    expect(button).toHaveProperty("disabled", true);
    await fill(from, "13/01/2026");
    expect(await within(created).findByText("Created is not `date` format")).toBeTruthy();
    await fill(from, "02/01/2026");
    await fill(to, "01/01/2026");
    expect(await within(created).findByText("start date must be less than end date")).toBeTruthy();
    expect(button).toHaveProperty("disabled", true);
    await user.click(button);
    expect(location().search).toBe("");

    expect(api.queries(PROJECTS.list.name)).toHaveLength(searched);
    unmount();

    // Typed into the address, a wrong box shows the same, and nothing is searched.
    for (const search of ["?id=12a", "?createdFrom=13/01/2026"]) {
      const typed = renderSearchPage(PROJECTS, { search });
      expect(await screen.findByText(search.includes("id") ? "Enter a valid number" : "Created is not `date` format"));
      // The message comes with the boxes read from the address and today's date: a valid
      // search would have been sent in that same render.
      expect(typed.api.queries(PROJECTS.list.name), search).toHaveLength(0);
      expect(screen.queryByRole("table", { name: "Projects found" })).toBeNull();
      typed.unmount();
    }
  });
});
