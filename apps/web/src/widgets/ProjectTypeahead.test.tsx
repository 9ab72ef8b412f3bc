import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ProjectSearch } from "../shell/ProjectSearch";
import { installFakeApi, type Row, rowsOf } from "../test/fake-api";
import { LAKESIDE } from "../test/project-rows";
import { renderWithApp } from "../test/render";

/*
 * The project type-ahead as the header's project search uses it (spec 2.5): a search on the
 * server 500 ms after the typing stops, up to 50 open projects, Enter with a number.
 */

const PROJECTS = [
  LAKESIDE,
  {
    projectID: 4102,
    projectName: "Harbor Tower",
    projectFirstSourceNumber: null,
    projectSecondSourceNumber: "ALT-55",
    latestStatusCodeID: null,
  },
  {
    projectID: 4103,
    projectName: "Closed Lakeshore",
    projectFirstSourceNumber: "SRC-99",
    projectSecondSourceNumber: null,
    latestStatusCodeID: 56,
  },
];

const search = () => screen.getByRole("textbox", { name: "Project search" });
const options = () => within(screen.getByRole("listbox")).getAllByRole("option");

function renderSearch(tables: Record<string, readonly Row[]> = { vwProjectSearch: PROJECTS }) {
  // Mounted at every address, as the header is: opening a project keeps it.
  return renderWithApp(<ProjectSearch />, { tables });
}

// Fake timers: the 500 ms pauses pass at once (findBy* moves the clock on while it waits).
beforeEach(() => {
  vi.useFakeTimers();
});

describe("the project search dropdown", () => {
  it("searches once, 500 ms after the typing stops, for the last term", async () => {
    const { api, user, advance } = renderSearch();
    await user.type(search(), "La");
    await advance(400);
    await user.type(search(), "ke");
    await advance(499);
    // Typing with pauses under 500 ms sent nothing.
    expect(api.queries("vwProjectSearch")).toEqual([]);
    await advance(1);
    expect(await screen.findByRole("option", { name: "4101 · Lakeside Clinic · SRC-77" })).toBeTruthy();
    const sent = api.queries("vwProjectSearch");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.where).toContain("'%Lake%'");
    expect(sent[0]?.where).not.toContain("'%La%'");
  });

  it("finds a project by its id, its name, and either source number, newest first", async () => {
    const { api, user } = renderSearch();
    await user.type(search(), "4102");
    expect(await screen.findByRole("option", { name: "4102 · Harbor Tower · ALT-55" })).toBeTruthy();
    await user.clear(search());
    await user.type(search(), "src-77");
    expect(await screen.findByRole("option", { name: "4101 · Lakeside Clinic · SRC-77" })).toBeTruthy();
    await user.clear(search());
    await user.type(search(), "alt-5");
    expect(await screen.findByRole("option", { name: "4102 · Harbor Tower · ALT-55" })).toBeTruthy();
    expect(api.queries("vwProjectSearch").map((q) => q.order)).toEqual([
      "projectID DESC",
      "projectID DESC",
      "projectID DESC",
    ]);
  });

  it("asks for 50 rows and offers at most 50 projects", async () => {
    const many = rowsOf(60, (i) => ({
      projectID: i,
      projectName: `Alpha ${i}`,
      projectFirstSourceNumber: null,
      projectSecondSourceNumber: null,
      latestStatusCodeID: null,
    }));
    const { api, user } = renderSearch({ vwProjectSearch: many });
    await user.type(search(), "alpha");
    expect(await screen.findByRole("option", { name: "60 · Alpha 60" })).toBeTruthy();
    expect(options()).toHaveLength(50);
    expect(api.queries("vwProjectSearch")[0]?.rowLimit).toBe(50);
  });

  it("leaves out projects whose latest status is 56, 66 or 194", async () => {
    const { user } = renderSearch();
    await user.type(search(), "SRC-99");
    expect(await screen.findByText("No open project matches")).toBeTruthy();
    await user.clear(search());
    await user.type(search(), "Lakes");
    expect(await screen.findByRole("option", { name: "4101 · Lakeside Clinic · SRC-77" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: /Closed Lakeshore/ })).toBeNull();
  });

  it("offers closed projects too, and Advanced Search with the words, when no open project matches", async () => {
    const { user, api } = renderSearch();
    await user.type(search(), "SRC-99");
    expect(await screen.findByText("No open project matches")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Advanced Search" }).getAttribute("href")).toBe("/project?name=SRC-99");
    await user.click(screen.getByRole("button", { name: "Search closed projects too" }));
    expect(await screen.findByRole("option", { name: "4103 · Closed Lakeshore · SRC-99" })).toBeTruthy();
    expect(api.queries("vwProjectSearch").at(-1)?.where).not.toContain("latestStatusCodeID");
    // A new search starts among open projects again.
    await user.clear(search());
    await user.type(search(), "SRC-99");
    expect(await screen.findByText("No open project matches")).toBeTruthy();
  });

  it("takes a quote in the term as text", async () => {
    const { api, user } = renderSearch();
    await user.type(search(), "O'Brien' OR 1=1");
    expect(await screen.findByText("No open project matches")).toBeTruthy();
    expect(api.queries("vwProjectSearch").at(-1)?.where).toContain("'%O''Brien'' OR 1=1%'");
  });

  it("Enter with a project number opens it at once and empties the box", async () => {
    const { api, user, location } = renderSearch();
    await user.type(search(), "4103{Enter}");
    await waitFor(() => expect(location().pathname + location().search).toBe("/project/de?id=4103"));
    expect(search()).toHaveProperty("value", "");
    // Enter did not wait for the search: nothing was asked for the number.
    expect(api.queries("vwProjectSearch")).toEqual([]);
  });

  it("the arrow keys choose an option, Enter opens that one, and Escape closes the list", async () => {
    const { user, location } = renderSearch();
    await user.type(search(), "Lake");
    expect(await screen.findByRole("option", { name: "4101 · Lakeside Clinic · SRC-77" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByRole("listbox")).toBeTruthy();
    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(location().pathname + location().search).toBe("/project/de?id=4101"));
    // An action box: it starts empty again.
    expect(search()).toHaveProperty("value", "");
  });

  it("shows that it is searching while the server has not answered", async () => {
    const { api, user } = renderSearch();
    const held = api.hang({ table: "vwProjectSearch" });
    await user.type(search(), "Lake");
    expect(await screen.findByLabelText("Searching")).toBeTruthy();
    expect(screen.queryByText("No open project matches")).toBeNull();
    held.release();
    expect(await screen.findByRole("option", { name: "4101 · Lakeside Clinic · SRC-77" })).toBeTruthy();
    expect(screen.queryByLabelText("Searching")).toBeNull();
  });
});

describe("a failed project search", () => {
  it("a 500 answer is a toast 'Application Error', not the error page", async () => {
    const { api, user, failure } = renderSearch();
    api.fail({ table: "vwProjectSearch" }, { status: 500, message: "An unexpected error occurred." });
    await user.type(search(), "Lake");
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Application Error");
    expect(toast.textContent).toContain("An unexpected error occurred.");
    expect(screen.queryByRole("heading", { name: "Application Error" })).toBeNull();
    expect(failure()).toBeNull();
  });

  it("an answer without data is an internal-server error: the same toast", async () => {
    const { api, user } = renderSearch();
    api.on("GET", "/API/Query/", () => ({ meta: { TotalRecords: 3 } }));
    await user.type(search(), "Lake");
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Application Error");
    expect(toast.textContent).toContain("The answer of the data service held no data.");
  });

  it("a 400 opens 'Bad Request' with the status text, the request path and the params", async () => {
    const { api, user } = renderSearch();
    api.fail({ table: "vwProjectSearch" }, { status: 400, message: "Unknown column near position 1." });
    await user.type(search(), "Lake");
    const page = await screen.findByRole("alert", { name: "Bad Request" });
    expect(page.textContent).toContain("Unknown column near position 1.");
    expect(page.textContent).toContain("400 Bad Request — /API/Query/");
    expect(page.textContent).toContain('"table": "vwProjectSearch"');
    expect(page.textContent).toContain('"rowLimit": "50"');
    expect(within(page).getByRole("button", { name: "Back" })).toBeTruthy();
  });

  it("a 404 opens 'API Not Found', whose Back goes back to the page before", async () => {
    const api = installFakeApi({ vwProjectSearch: PROJECTS });
    api.fail({ table: "vwProjectSearch" }, { status: 404, message: "API Not Found" });
    const { user, location } = renderWithApp(<ProjectSearch />, { api, path: ["/", "/rn"] });
    await user.type(search(), "Lake");
    const page = await screen.findByRole("alert", { name: "API Not Found" });
    await user.click(within(page).getByRole("button", { name: "Back" }));
    expect(location().pathname).toBe("/");
    expect(screen.queryByRole("alert", { name: "API Not Found" })).toBeNull();
  });

  it("another status shows its status text with a Refresh link", async () => {
    const { api, user } = renderSearch();
    api.fail(
      { table: "vwProjectSearch" },
      { status: 503, message: "The service is temporarily unavailable. Try again shortly." },
    );
    await user.type(search(), "Lake");
    const page = await screen.findByRole("alert", { name: "Service Unavailable" });
    expect(within(page).getByRole("button", { name: "Refresh" })).toBeTruthy();
  });
});
