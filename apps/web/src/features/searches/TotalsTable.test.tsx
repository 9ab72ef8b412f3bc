import { TOTALS_MAX_GROUPS, TOTALS_PAGE_GROUPS, vwCardCharges } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catchDownloads, sheetRows } from "../../test/downloads";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { MONEY_TOTALS, TotalsTable } from "./TotalsTable";

/** Five projects' totals, the largest first, as the server answers them. */
const GROUPS = [5, 4, 3, 2, 1].map((n) => ({ key: n, label: `Project ${n}`, count: 1, total: `${n}00.00` }));

describe("a table of totals", () => {
  it("shows the groups of a page in the order asked, says how many it leaves out, and exports them all", async () => {
    const downloads = catchDownloads();
    const api = installFakeApi();
    // The server's first page holds three of the five groups (a page is TOTALS_PAGE_GROUPS).
    api.on("GET", "/API/Totals/", (call) => ({
      data: GROUPS.slice(0, call.params.rowLimit === String(TOTALS_PAGE_GROUPS) ? 3 : GROUPS.length),
      meta: { TotalRecords: GROUPS.length, count: 5, total: "1500.00" },
    }));
    const { user } = renderWithApp(
      <TotalsTable
        list={vwCardCharges}
        by="projectID"
        title="By Project"
        where=""
        words={MONEY_TOTALS}
        order="total"
      />,
      { api },
    );
    const table = await screen.findByRole("table", { name: "Totals by project" });
    await within(table).findByText("Project 5");
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell")[0]?.textContent),
    ).toEqual(["Project 5", "Project 4", "Project 3"]);
    expect(screen.getByText("2 more not shown")).toBeTruthy();
    expect(api.callsTo("/API/Totals/")[0]?.params).toMatchObject({
      by: "projectID",
      order: "total",
      rowLimit: String(TOTALS_PAGE_GROUPS),
    });

    await user.click(screen.getByRole("button", { name: "Export totals by project" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(api.callsTo("/API/Totals/").at(-1)?.params).toMatchObject({
      order: "total",
      rowLimit: String(TOTALS_MAX_GROUPS),
    });
    // Every group, by its name, count and sum: the group's key is no column of the sheet.
    expect(await sheetRows(downloads[0] as Blob)).toEqual([
      ["Project", "Charges", "Amount"],
      ...GROUPS.map((group) => [group.label, 1, group.key * 100]),
    ]);
  });
});
