import { OPERATIONS } from "@office/core";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { missingReceiptCountQuery, missingReceiptsQuery } from "../credit-cards/queries";
import { ReceiptRuleSettings } from "./ReceiptRuleSettings";

describe("the receipt rule's setting", () => {
  it("saves the rule, and what is missing is read again under it: the inbox's list and Home's count", async () => {
    const api = installFakeApi();
    let rule = { minAmount: "75.00", days: 7 };
    api.operation(OPERATIONS.receiptRule, () => rule);
    api.operation(OPERATIONS.setReceiptRule, (saved) => {
      rule = saved;
      return rule;
    });
    const { user, fill, queryClient } = renderWithApp(<ReceiptRuleSettings />, { api });
    queryClient.setQueryData(missingReceiptsQuery.queryKey, { data: [], meta: { TotalRecords: 3 } });
    queryClient.setQueryData(missingReceiptCountQuery.queryKey, { data: [], meta: { TotalRecords: 3 } });
    const amount = await screen.findByRole("textbox", { name: "Amount" });
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe("75.00"));
    await fill(amount, "100.00");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("/API/CreditCard/ReceiptRule").some((c) => c.method === "PUT")).toBe(true));
    expect(api.callsTo("/API/CreditCard/ReceiptRule").find((c) => c.method === "PUT")?.body).toEqual({
      minAmount: "100.00",
      days: 7,
    });
    await waitFor(() => {
      expect(queryClient.getQueryState(missingReceiptsQuery.queryKey)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(missingReceiptCountQuery.queryKey)?.isInvalidated).toBe(true);
    });
  });
});
