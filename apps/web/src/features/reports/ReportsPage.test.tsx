import { OPERATIONS, type ReportAnswer } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { ReportsPage } from "./ReportsPage";

const meta = {
  TotalRecords: 2,
  count: 5,
  total: 630,
  by: "employee",
  from: "2025-12-01",
  to: "2026-11-30",
  asOf: null,
};
const HOURS: ReportAnswer = {
  data: [
    { key: 7, label: "Taylor, Sam", count: 3, total: 450 },
    { key: 9, label: "Morgan, Alex", count: 2, total: 180 },
  ],
  series: [],
  meta,
};

describe("the Reports page", () => {
  it("shows the server's totals in the table beside the chart, the call in the address", async () => {
    const api = installFakeApi();
    const asked: unknown[] = [];
    api.operation(OPERATIONS.report, (input) => {
      asked.push(input);
      return HOURS;
    });
    const { user, location } = renderWithApp(<ReportsPage />, { api, path: "/reports" });
    const table = await screen.findByRole("table", { name: "Hours by employee" });
    const cells = within(table)
      .getAllByRole("row")
      .map((row) =>
        within(row)
          .queryAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(cells.filter((row) => row.length > 0)).toEqual([
      ["Taylor, Sam", "3", "7.50"],
      ["Morgan, Alex", "2", "3.00"],
    ]);
    expect(screen.getByText(/In all: 10\.50 hours, 5 notes/)).toBeTruthy();
    expect(screen.getByRole("img", { name: /Chart of Hours by employee/ })).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "Month" }));
    await waitFor(() => expect(location().search).toBe("?report=hours&by=month"));
    await waitFor(() => expect(asked.at(-1)).toEqual({ report: "hours", by: "month" }));
  });

  it("says a call the server refuses on the page (a filter not in the grammar), not on the error page", async () => {
    const api = installFakeApi();
    api.fail(
      { path: "/API/Reports/hours" },
      { status: 400, message: "Bad where: unexpected end", fieldErrors: { where: "is not complete" } },
    );
    const { failure } = renderWithApp(<ReportsPage />, { api, path: "/reports?report=hours&where=(((" });
    expect((await screen.findByRole("alert")).textContent).toContain("Bad where: unexpected end");
    expect(screen.getByRole("textbox", { name: /Filter/ })).toHaveProperty("value", "(((");
    expect(failure()).toBeNull();
  });
});
