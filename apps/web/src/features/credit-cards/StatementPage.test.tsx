import { OPERATIONS, type StatementReport } from "@office/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { tableKey } from "../../services/query-keys";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { StatementPage } from "./StatementPage";

const report = (preview: boolean): StatementReport => ({
  ccStatementID: preview ? null : 9,
  counts: { lines: 1, matched: 0, unmatched: 1, duplicate: 0 },
  lines: [
    {
      line: 1,
      date: "2026-11-20",
      merchant: "Hardware Store",
      amount: "42.10",
      reference: null,
      card: null,
      fate: "unmatched",
      ccPermissionID: null,
    },
  ],
});

describe("importing a card's statement", () => {
  it("reads again what reads the charges once it imports, and nothing after a preview", async () => {
    const api = installFakeApi({
      vwCardList: [{ ccID: 1, ccName: "Fleet Card", ccLastFour: "4218", holderName: "Taylor, Sam" }],
    });
    api.operation(OPERATIONS.importStatement, ({ preview }) => report(preview));
    const { user, queryClient } = renderWithApp(<StatementPage />, { api });
    // The card report's rows, read before the import.
    const charges = tableKey.answer({ table: "vwCardCharges", where: "ccID = 1" });
    queryClient.setQueryData(charges, { data: [], meta: { TotalRecords: 0 } });
    const stale = () => queryClient.getQueryState(charges)?.isInvalidated;

    await screen.findByRole("option", { name: /Fleet Card/ });
    await user.selectOptions(screen.getByRole("combobox", { name: /Card/ }), "1");
    const text = "Date,Description,Amount\n11/20/2026,Hardware Store,42.10\n";
    // jsdom's files cannot be read as text (Blob.text); a browser's can.
    const csv = Object.assign(new File([text], "nov.csv", { type: "text/csv" }), { text: async () => text });
    // Mantine's file input is a button over a hidden input, which takes the file.
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement, csv);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    const importLines = await screen.findByRole("button", { name: "Import 1 new line" });
    expect(stale()).toBe(false);
    await user.click(importLines);
    await screen.findByText("Statement imported");
    expect(stale()).toBe(true);
  });
});
