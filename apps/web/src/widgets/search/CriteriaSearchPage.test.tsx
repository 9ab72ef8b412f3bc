import { PROJECTS } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setDevice } from "../../services/device";
import { unfolded } from "../../test/criteria";
import { type FakeApi, installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { CriteriaSearchPage } from "./CriteriaSearchPage";

/*
 * A page of search boxes over a searchable table (the project search /project): the boxes are
 * the address; Search and Clear; a box's message stops the search, in the form and in the
 * address alike; the last search comes back on the bare page; a date range takes whole days.
 */

// 3 pm in New York on Wednesday 18 March 2026: the company's today is 03/18/2026.
const NOW = new Date("2026-03-18T19:00:00Z");

const PROJECT_ROWS = [
  {
    projectID: 11,
    projectName: "Lakeside Clinic",
    projectLatestStatusCodeID: 56,
    projectCreatedTS: "2026-02-01T10:00:00",
  },
  {
    projectID: 12,
    projectName: "Harbor Tower",
    projectLatestStatusCodeID: null,
    projectCreatedTS: "2026-02-03T23:00:00",
  },
  {
    projectID: 13,
    projectName: "Old Lake House",
    projectLatestStatusCodeID: 12,
    projectCreatedTS: "2025-06-01T09:00:00",
  },
];
// The status list (190), in its order.
const STATUSES = [
  { appLookupID: 12, appLookupParentID: "190", appLookupValue: "Estimating", appLookupSort: 1 },
  { appLookupID: 56, appLookupParentID: "190", appLookupValue: "Closed", appLookupSort: 2 },
];

function renderSearch(path = "/project", api?: FakeApi) {
  return renderWithApp(
    <CriteriaSearchPage
      path="/project"
      criteria={PROJECTS.criteria}
      list={PROJECTS.list}
      columns={PROJECTS.listColumns}
      order={PROJECTS.order}
      formLabel="Search projects"
      tableLabel="Projects found"
      opens={{ path: "/project/de", key: "projectID" }}
    />,
    {
      path,
      route: "/project",
      routes: [{ path: "/project/de", element: <p>The project's page</p> }],
      config: { timeZone: "America/New_York" },
      ...(api ? { api } : { tables: { vwProjectList: PROJECT_ROWS, tblAppLookup: STATUSES } }),
    },
  );
}

const form = () => unfolded("Search projects");
const box = (name: string) => within(form()).getByRole("textbox", { name });
const range = () => {
  const group = within(form()).getByRole("group", { name: "Created" });
  return {
    group,
    from: within(group).getByRole("textbox", { name: "From" }),
    to: within(group).getByRole("textbox", { name: "To" }),
  };
};
const searchButton = () => within(form()).getByRole("button", { name: "Search" });
const found = (n: number) => screen.findByText(`${n} records`);
const listQueries = (api: FakeApi) => api.queries("vwProjectList").filter((q) => q.rowLimit === 50);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});

describe("the project search", () => {
  it("opens bare on Created up to today, and searches that", async () => {
    const { api } = renderSearch();
    expect(await found(3)).toBeTruthy();
    expect(range().from).toHaveProperty("value", "");
    expect(range().to).toHaveProperty("value", "03/18/2026");
    expect(listQueries(api)[0]?.where).toBe("(projectCreatedTS < '2026-03-19')");
  });

  it("Search puts the boxes in the address and finds what they match; a row opens its project", async () => {
    const { api, user, fill, location } = renderSearch();
    await found(3);
    await fill(box("Name"), "lake");
    await user.click(searchButton());
    await waitFor(() => expect(location().search).toBe("?name=lake"));
    expect(await found(2)).toBeTruthy();
    expect(listQueries(api).at(-1)?.where).toBe("(projectName LIKE '%lake%' AND projectCreatedTS < '2026-03-19')");
    await user.click(screen.getByRole("cell", { name: "Old Lake House" }));
    expect(await screen.findByText("The project's page")).toBeTruthy();
    expect(location().pathname + location().search).toBe("/project/de?id=13");
  });

  it("a value picked from a list searches that value, and 'No status' the rows without one", async () => {
    const { api, user, location } = renderSearch();
    await found(3);
    await user.click(box("Status"));
    await user.click(await screen.findByRole("option", { name: "Closed" }));
    await user.click(searchButton());
    await waitFor(() => expect(location().search).toBe("?status=56"));
    expect(await found(1)).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Lakeside Clinic" })).toBeTruthy();
    await user.click(box("Status"));
    await user.click(await screen.findByRole("option", { name: "No status" }));
    await user.click(searchButton());
    await waitFor(() => expect(location().search).toBe("?status=none"));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Lakeside Clinic" })).toBeNull());
    expect(screen.getByRole("cell", { name: "Harbor Tower" })).toBeTruthy();
    expect(listQueries(api).at(-1)?.where).toContain("projectLatestStatusCodeID IS NULL");
  });

  it("a range takes whole days, its end included", async () => {
    const { api, user, fill, location } = renderSearch();
    await found(3);
    await fill(range().from, "02/01/2026");
    await fill(range().to, "02/03/2026");
    await user.click(searchButton());
    await waitFor(() => expect(location().search).toBe("?createdFrom=02%2F01%2F2026&createdTo=02%2F03%2F2026"));
    expect(await found(2)).toBeTruthy();
    expect(listQueries(api).at(-1)?.where).toBe(
      "(projectCreatedTS >= '2026-02-01' AND projectCreatedTS < '2026-02-04')",
    );
  });

  it("folds its boxes once a search ran into what it was, with Edit search; bare, they stay open", async () => {
    const { user, location } = renderSearch("/project?name=lake&status=56&createdFrom=02%2F01%2F2026");
    expect(await found(1)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Search projects" })).toBeNull();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === "P" &&
          /^Searched by Name “lake” · Status: Closed · Created 02\/01\/2026 – …$/.test(element.textContent ?? ""),
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Edit search" }));
    expect(box("Name")).toHaveProperty("value", "lake");
    await user.clear(box("Name"));
    await user.type(box("Name"), "tower");
    await user.click(searchButton());
    await waitFor(() => expect(new URLSearchParams(location().search).get("name")).toBe("tower"));
    expect(screen.queryByRole("form", { name: "Search projects" })).toBeNull();
    // Clear, beside what it was, opens the page bare again: the boxes with it.
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(location().search).toBe(""));
    expect(await screen.findByRole("form", { name: "Search projects" })).toBeTruthy();
  });

  it("on a phone puts the results first and the boxes in a sheet", async () => {
    setDevice("MOBILE");
    try {
      const { user } = renderSearch("/project?name=lake");
      expect(await found(2)).toBeTruthy();
      await user.click(screen.getByRole("button", { name: "Edit search" }));
      const sheet = await screen.findByRole("dialog", { name: "Edit search" });
      const name = within(sheet).getByRole("textbox", { name: "Name" });
      await user.clear(name);
      await user.type(name, "harbor");
      await user.click(within(sheet).getByRole("button", { name: "Search" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit search" })).toBeNull());
      expect(await found(1)).toBeTruthy();
    } finally {
      setDevice("DESKTOP");
    }
  });

  it("Clear empties the boxes and the address", async () => {
    const { user, location } = renderSearch("/project?name=lake&createdFrom=02%2F01%2F2026");
    expect(await found(1)).toBeTruthy();
    expect(box("Name")).toHaveProperty("value", "lake");
    await user.click(within(form()).getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(location().search).toBe(""));
    expect(await found(3)).toBeTruthy();
    expect(box("Name")).toHaveProperty("value", "");
    expect(range().to).toHaveProperty("value", "03/18/2026");
  });

  it("the last search comes back when the page is opened bare in the same tab", async () => {
    const api = installFakeApi({ vwProjectList: PROJECT_ROWS });
    const first = renderSearch("/project", api);
    await found(3);
    await first.fill(box("Name"), "harbor");
    await first.user.click(searchButton());
    expect(await found(1)).toBeTruthy();
    first.unmount();

    const again = renderSearch("/project", api);
    await waitFor(() => expect(again.location().search).toBe("?name=harbor"));
    expect(await found(1)).toBeTruthy();
    expect(box("Name")).toHaveProperty("value", "harbor");
  });
});

describe("a box's message stops the search", () => {
  it("a wrong Created range shows its message, disables Search and leaves the address", async () => {
    const { user, fill, location } = renderSearch();
    await found(3);
    await fill(range().to, "");
    expect(within(range().group).getByText("Created is required")).toBeTruthy();
    expect(searchButton()).toHaveProperty("disabled", true);
    // Enter in a box does not search either.
    range().to.focus();
    await user.keyboard("{Enter}");
    await fill(range().from, "13/01/2026");
    expect(within(range().group).getByText("Created is not `date` format")).toBeTruthy();
    expect(searchButton()).toHaveProperty("disabled", true);
    await fill(range().from, "02/01/2026");
    await fill(range().to, "01/01/2026");
    expect(within(range().group).getByText("start date must be less than end date")).toBeTruthy();
    expect(searchButton()).toHaveProperty("disabled", true);
    expect(location().search).toBe("");
    await fill(range().to, "02/02/2026");
    expect(within(range().group).queryByText("start date must be less than end date")).toBeNull();
    expect(searchButton()).toHaveProperty("disabled", false);
  });

  it("typed into the address, a wrong range shows the same message and nothing is searched", async () => {
    const { api } = renderSearch("/project?createdFrom=13/01/2026");
    expect(await within(form()).findByText("Created is not `date` format")).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(screen.queryByRole("table", { name: "Projects found" })).toBeNull();
    expect(api.queries("vwProjectList")).toEqual([]);
  });

  it("a project id is a number: anything else is the number rule's message, not every project", async () => {
    const { api, fill } = renderSearch("/project?id=12a");
    expect(await within(form()).findByText("Enter a valid number")).toBeTruthy();
    expect(box("Project ID")).toHaveProperty("value", "12a");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(screen.queryByRole("table", { name: "Projects found" })).toBeNull();
    expect(api.queries("vwProjectList")).toEqual([]);
    await fill(box("Project ID"), "12");
    expect(within(form()).queryByText("Enter a valid number")).toBeNull();
    expect(searchButton()).toHaveProperty("disabled", false);
  });
});
