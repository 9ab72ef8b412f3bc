import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test/render";
import { type PlainColumn, PlainTable } from "./PlainTable";

/* A few rows shown whole (a status history, totals): its states, links and grand total. */

const COLUMNS: PlainColumn[] = [
  { key: "name", label: "Employee" },
  {
    key: "count",
    label: "Notes",
    numeric: true,
    linkTo: (row) => `/project/pn?employee=${row.id}`,
    linkLabel: (row) => `${row.count} notes of ${row.name}`,
  },
  { key: "minutes", label: "Time", format: (value) => `${Number(value) / 60} h` },
];
const ROWS = [
  { id: 1, name: "Ada", count: 3, minutes: 90 },
  { id: 2, name: "Bo", count: 1, minutes: 30 },
];

const renderTable = (props: Partial<Parameters<typeof PlainTable>[0]>) =>
  renderWithApp(
    <PlainTable caption="By Employee" columns={COLUMNS} rows={ROWS} rowKey={(r) => String(r.id)} {...props} />,
    {
      routes: [{ path: "/project/pn", element: <p>The notes search</p> }],
    },
  );

const table = () => screen.getByRole("table", { name: "By Employee" });

describe("a plain table", () => {
  it("shows its rows as formatted, with links named for what they open, and a grand total", async () => {
    const { user, location } = renderTable({ total: ["4", "2 h"] });
    const rows = within(table()).getAllByRole("row");
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([[], ["Ada", "3", "1.5 h"], ["Bo", "1", "0.5 h"], ["4", "2 h"]]);
    expect(within(table()).getByRole("rowheader", { name: "Total" })).toBeTruthy();
    await user.click(within(table()).getByRole("link", { name: "3 notes of Ada" }));
    expect(location().pathname + location().search).toBe("/project/pn?employee=1");
  });

  it("says it is loading until its rows come", () => {
    renderTable({ rows: undefined });
    expect(within(table()).getByRole("status").textContent).toBe("Loading…");
  });

  it("says it has none, in its own words", () => {
    renderTable({ rows: [], empty: "No notes this week" });
    expect(within(table()).getByText("No notes this week")).toBeTruthy();
    expect(within(table()).queryByRole("status")).toBeNull();
  });

  it("says its rows could not be read", () => {
    renderTable({ rows: undefined, failed: true });
    expect(within(table()).getByText("Could not be read")).toBeTruthy();
    expect(within(table()).queryByRole("status")).toBeNull();
  });
});
