import { TOTALS_MAX_GROUPS, TOTALS_PAGE_GROUPS, vwCardCharges } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render";
import { MONEY_TOTALS, TotalsTable } from "./TotalsTable";

const exported = vi.hoisted(() => ({ rows: [] as Record<string, unknown>[][] }));
vi.mock("../../widgets/table/export-excel", () => ({
  exportToExcel: async (_columns: unknown, rows: Record<string, unknown>[]) => {
    exported.rows.push(rows);
  },
}));

/** A charge of `amount` on project `projectID`. */
const charge = (ccChargeID: number, projectID: number, amount: string) => ({
  ccChargeID,
  projectID,
  projectName: `Project ${String(projectID).padStart(4, "0")}`,
  ccChargeAmount: amount,
});

describe("a table of totals", () => {
  it("shows the largest first, says how many groups it leaves out, and exports them all", async () => {
    // One more project than a page shows, each spent on once, the last project the most.
    const projects = TOTALS_PAGE_GROUPS + 1;
    const charges = Array.from({ length: projects }, (_, i) => charge(i + 1, i + 1, `${i + 1}.00`));
    const { api, user } = renderWithApp(
      <TotalsTable
        list={vwCardCharges}
        by="projectID"
        title="By Project"
        where=""
        words={MONEY_TOTALS}
        order="total"
      />,
      { tables: { vwCardCharges: charges } },
    );
    const table = await screen.findByRole("table", { name: "Totals by project" }, { timeout: 10_000 });
    await within(table).findByText(`Project ${projects}`, {}, { timeout: 10_000 });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(TOTALS_PAGE_GROUPS + 1); // the header and the groups shown
    expect(within(rows[1] as HTMLElement).getByText(`Project ${projects}`)).toBeTruthy();
    expect(within(rows.at(-1) as HTMLElement).getByText("Project 0002")).toBeTruthy();
    expect(screen.getByText("1 more not shown")).toBeTruthy();
    expect(api.callsTo("/API/Totals/")[0]?.params).toMatchObject({
      by: "projectID",
      order: "total",
      rowLimit: String(TOTALS_PAGE_GROUPS),
    });

    await user.click(screen.getByRole("button", { name: "Export totals by project" }));
    await waitFor(() => expect(exported.rows).toHaveLength(1));
    expect(api.callsTo("/API/Totals/").at(-1)?.params).toMatchObject({ rowLimit: String(TOTALS_MAX_GROUPS) });
    const all = exported.rows[0] ?? [];
    expect(all).toHaveLength(projects);
    expect(all.at(-1)).toMatchObject({ key: 1, label: "Project 0001", count: 1 });
  });
});
