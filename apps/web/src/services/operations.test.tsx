import { CREDIT_CARD_OPERATIONS as op, SETTING_OPERATIONS, TOASTS } from "@office/core";
import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { useOperation } from "./operations";
import { invalidateTables, readKey, tableKey } from "./query-keys";

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe("reads are found by the tables they read", () => {
  it("a change to a table makes stale its reads, the reads of views over it, and nothing else", async () => {
    const client = new QueryClient();
    const keys = {
      table: tableKey.rows({ table: "tblCCPermission" }),
      record: tableKey.record("tblCCPermission", 1, "ccPermissionID"),
      view: tableKey.answer({ table: "vwCCApprovals", where: "ccID = 1" }),
      viewTotals: tableKey.totals("vwCCApprovals", { by: "ccID" }),
      operation: readKey(["vwCCApprovals"], "/API/CreditCard/Inbox"),
      other: tableKey.first({ table: "tblVendor" }),
      otherOperation: readKey(["appSetting"], "/API/CreditCard/ReceiptRule"),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, []);
    await invalidateTables(client, ["tblCCPermission"]);
    expect(stale(client, keys.table)).toBe(true);
    expect(stale(client, keys.record)).toBe(true);
    expect(stale(client, keys.view)).toBe(true);
    expect(stale(client, keys.viewTotals)).toBe(true);
    expect(stale(client, keys.operation)).toBe(true);
    expect(stale(client, keys.other)).toBe(false);
    expect(stale(client, keys.otherOperation)).toBe(false);
    // "*": any table (a restore of whatever was deleted).
    await invalidateTables(client, ["*"]);
    expect(stale(client, keys.other)).toBe(true);
  });

  it("two reads share a cache entry only when they ask the same and keep the same of the answer", () => {
    const asked = { table: "tblClient", fields: "clientID", where: "clientID = 1" };
    const keys = [
      tableKey.rows(asked),
      tableKey.answer(asked),
      tableKey.first(asked),
      tableKey.rows({ ...asked, where: "" }),
    ];
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
    expect(tableKey.rows({ ...asked })).toEqual(tableKey.rows(asked));
  });
});

function SaveRule() {
  const save = useOperation(SETTING_OPERATIONS.changeSetting, {
    done: () => TOASTS.updated,
    failed: () => TOASTS.updateFailed,
  });
  return (
    <button type="button" onClick={() => save.mutate({ key: "receiptRule", values: { minAmount: "10.00", days: 3 } })}>
      Save
    </button>
  );
}

describe("an operation that changes something", () => {
  const watched = readKey(op.missingReceipts.reads, "missing");

  it("toasts its success and reads again what reads the tables it changed", async () => {
    const api = installFakeApi();
    api.operation(SETTING_OPERATIONS.changeSetting, (change) => ({ ...change, version: 1 }));
    const { user, queryClient } = renderWithApp(<SaveRule />, { api });
    queryClient.setQueryData(watched, { data: [], meta: { TotalRecords: 0 } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(TOASTS.updated.message)).toBeTruthy();
    // The rule is appSetting's, which vwMissingReceipts reads.
    await waitFor(() => expect(stale(queryClient, watched)).toBe(true));
  });

  it("refused because the record changed meanwhile (409), reads them again too", async () => {
    const api = installFakeApi();
    api.fail({ path: "/API/Settings/" }, { status: 409, message: "Changed meanwhile." });
    const { user, queryClient } = renderWithApp(<SaveRule />, { api });
    queryClient.setQueryData(watched, { data: [], meta: { TotalRecords: 0 } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(TOASTS.updateFailed.message)).toBeTruthy();
    await waitFor(() => expect(stale(queryClient, watched)).toBe(true));
  });

  it("does not toast a failure that ended the session: the shell's countdown speaks for it", async () => {
    const api = installFakeApi();
    api.fail({ path: "/API/Settings/" }, { status: 401, message: "Your session has expired." });
    const { user, failure, queryClient } = renderWithApp(<SaveRule />, { api });
    await user.click(screen.getByRole("button", { name: "Save" }));
    // The failure is handled (a mutation is "error" once its callbacks have run), the shell has
    // it for its countdown, and no toast came.
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe("error"));
    expect(failure()).not.toBeNull();
    expect(screen.queryByText(TOASTS.updateFailed.message)).toBeNull();
  });
});
