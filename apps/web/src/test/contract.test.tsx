import { DEFAULT_RECEIPT_RULE, type MissingReceipt, OPERATIONS } from "@office/core";
import { beforeAll, beforeEach, describe, it, vi } from "vitest";
import { ACCOUNTS, BULK, CONTRACT_CASES, expectAnswer, SHIPPING, SHIPPING_ROWS } from "../../../../test/contract/cases";
import { ApiError, send } from "../api/client";
import { FakeApi } from "./fake-api";

const RECEIPT: MissingReceipt = {
  ccChargeID: 1,
  ccChargeDate: "2026-06-01",
  ccChargeAmount: "120.00",
  ccChargeMerchant: "Hotel",
  cardLabel: "Fleet Card ••4218",
  empID: 2,
  spenderName: "Taylor, Sam",
};

/*
 * The fake server (./fake-api.ts) keeps the contract the server keeps (test/contract/cases.ts;
 * the server's run is apps/server/test/contract.test.ts): the same requests, sent by the web
 * app's own client, the same answers. It holds the server's rows; an operation's answer is a
 * test's, so its handlers here answer as the server does for the cases that reach them.
 */
describe("the fake API keeps the server's contract", () => {
  const api = new FakeApi();
  beforeAll(() => {
    api.table(SHIPPING, SHIPPING_ROWS);
    api.table(
      BULK.table,
      BULK.rows.map((row, i) => ({ masterClientID: i + 1, ...row })),
    );
    api.operation(OPERATIONS.permissionGrid, ({ empID }) => ({
      data: Object.values(ACCOUNTS).find((account) => account.empID === empID)?.permissions ?? [],
    }));
    api.operation(OPERATIONS.receiptRule, () => DEFAULT_RECEIPT_RULE);
    api.operation(OPERATIONS.cardInbox, () => ({ data: [], meta: { TotalRecords: 0 } }));
    api.operation(OPERATIONS.missingReceipts, ({ rowLimit }) => ({
      data: [RECEIPT].slice(0, rowLimit),
      meta: { TotalRecords: 1 },
    }));
  });
  beforeEach(() => vi.stubGlobal("fetch", api.fetch));

  it.each(CONTRACT_CASES)("$name", async (c) => {
    api.permissions = ACCOUNTS[c.as].permissions;
    let status = 200;
    let body: unknown;
    try {
      body = await send(c.request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.statusCode;
      body = error.body;
    }
    expectAnswer(c, status, body);
  });
});
