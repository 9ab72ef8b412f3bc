import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { StatementSearchPage } from "./StatementSearchPage";

const charge = (id: number, matched: number, hasReceipt: number) => ({
  ccChargeID: id,
  ccChargeDate: `2026-11-${10 + id}`,
  ccName: "Fleet Card",
  ccLastFour: "4218",
  holderName: "Taylor, Sam",
  spenderName: null,
  ccChargeMerchant: `Merchant ${id}`,
  ccChargeAmount: "80.00",
  projectName: null,
  ccPermissionPurpose: null,
  matched,
  hasReceipt,
  ccChargeSource: "statement",
});

describe("the statement search", () => {
  it("shows every charge, or only those to follow up: matching no request, or without a receipt", async () => {
    const api = installFakeApi({ vwCardCharges: [charge(1, 1, 1), charge(2, 0, 1), charge(3, 1, 0)] });
    const { user, location } = renderWithApp(<StatementSearchPage />, {
      api,
      path: "/creditcard/statementsearch",
      route: "/creditcard/statementsearch",
    });
    const table = await screen.findByRole("table", { name: "Charges" }, { timeout: 5_000 });
    await within(table).findByText("Merchant 3");
    const show = async (option: string) => {
      await user.click(screen.getByRole("textbox", { name: "Show" }));
      await user.click(await screen.findByRole("option", { name: option }));
    };
    await show("Matching no request");
    await waitFor(() => expect(location().search).toBe("?show=unmatched"));
    await waitFor(() => expect(within(table).queryByText("Merchant 1")).toBeNull());
    expect(within(table).getByText("Merchant 2")).toBeTruthy();
    expect(within(table).queryByText("Merchant 3")).toBeNull();
    await show("Without a receipt");
    await waitFor(() => expect(within(table).queryByText("Merchant 2")).toBeNull());
    expect(within(table).getByText("Merchant 3")).toBeTruthy();
    expect(api.queries("vwCardCharges").at(-1)?.where).toContain("hasReceipt = 0");
    await show("Every charge");
    await waitFor(() => expect(location().search).toBe(""));
    expect(await within(table).findByText("Merchant 1")).toBeTruthy();
  });
});
