import { type CardToAsk, type InboxRequest, type MissingReceipt, type MyRequest, OPERATIONS } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { InboxPage } from "./InboxPage";

/*
 * The inbox (issue 20): what waits for the user, decided there (a denial only with a reason),
 * the user's own requests with their approval codes, and asking to use a card.
 */

const request = (id: number, over: Partial<InboxRequest> = {}): InboxRequest => ({
  ccPermissionID: id,
  ccID: 4,
  ccStatus: 1,
  ownerEmpID: 2,
  empID: 20 + id,
  requesterName: `Requester, No${id}`,
  ccName: "Fleet Card",
  ccLastFour: "4218",
  holderName: "Taylor, Sam",
  projectID: 7,
  projectName: "Pine Ridge Fire Station",
  ccPermissionPurpose: `Purpose ${id}`,
  ccPermissionAmount: "1250.50",
  ccPermissionOverLimit: 0,
  ccPermissionRequestedTS: "2026-11-20T09:30:00-05:00",
  ccPermissionCCUsedApprovalStatus: 0,
  ccPermissionOverLimitApprovalStatus: 1,
  ccPermissionUsedReason: null,
  ccPermissionUsedDecidedTS: null,
  ccPermissionOverLimitReason: null,
  ccPermissionOverLimitDecidedTS: null,
  ccPermissionVersion: 3,
  step: "cardUse",
  overLimitBy: null,
  ...over,
});

function inboxApi(
  waiting: InboxRequest[],
  mine: MyRequest[] = [],
  cards: CardToAsk[] = [],
  receipts: MissingReceipt[] = [],
) {
  const api = installFakeApi();
  const rows = <T,>(data: T[]) => ({ data, meta: { TotalRecords: data.length } });
  let left = waiting;
  api.operation(OPERATIONS.cardInbox, () => rows(left));
  api.operation(OPERATIONS.myCardRequests, () => rows(mine));
  api.operation(OPERATIONS.cardsToAsk, () => rows(cards));
  api.operation(OPERATIONS.missingReceipts, () => rows(receipts));
  api.operation(OPERATIONS.receiptRule, () => ({ minAmount: "75.00", days: 7 }));
  api.named("pendingApprovalCount", () => [{ TotalCount: left.length }]);
  api.operation(OPERATIONS.decideCardRequest, ({ ccPermissionID }) => {
    const decided = waiting.find((r) => r.ccPermissionID === ccPermissionID);
    if (!decided) throw new Error(`no request ${ccPermissionID} waits`);
    left = left.filter((w) => w !== decided);
    return { ...decided, ccPermissionVersion: decided.ccPermissionVersion + 1 };
  });
  return api;
}

const item = (name: string) => screen.findByRole("article", { name });

describe("the inbox", () => {
  it("approves a request with the version shown, and it leaves the list and the count", async () => {
    const api = inboxApi([request(1), request(2, { step: "overLimit", ccPermissionOverLimit: 1 })]);
    const { user } = renderWithApp(<InboxPage />, { api });
    // Until the list is read, a status says so (a bare labelled div is an axe violation).
    expect(screen.getByRole("status", { name: "Loading the requests" })).toBeTruthy();
    expect(await screen.findByRole("tab", { name: "Waiting for you (2)" })).toBeTruthy();
    const first = await item("Requester, No1");
    expect(within(first).getByText("$1,250.50")).toBeTruthy();
    expect(within(first).getByText(/Fleet Card ••4218 \(Taylor, Sam\) · Pine Ridge Fire Station/)).toBeTruthy();
    expect(within(await item("Requester, No2")).getByText("Over the monthly limit")).toBeTruthy();
    await user.click(within(first).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Requester, No1" })).toBeNull());
    expect(api.callsTo("/API/CreditCard/Requests/1/Decision")[0]?.body).toEqual({
      step: "cardUse",
      decision: "approve",
      version: 3,
    });
    expect(await screen.findByRole("tab", { name: "Waiting for you (1)" })).toBeTruthy();
    expect(await screen.findByText("Approved: Requester, No1, $1,250.50")).toBeTruthy();
  });

  it("says how long each request has waited, and puts the newest first when asked", async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const [long, lately] = [hoursAgo(50), hoursAgo(2)];
    const api = inboxApi([
      request(1, { ccPermissionRequestedTS: long }),
      request(2, { ccPermissionRequestedTS: lately }),
    ]);
    const { user } = renderWithApp(<InboxPage />, { api });
    // The age in words, the moment itself in the time element.
    expect(
      within(await item("Requester, No1"))
        .getByText("2 d ago")
        .getAttribute("datetime"),
    ).toBe(long);
    expect(
      within(await item("Requester, No2"))
        .getByText("2 h ago")
        .getAttribute("datetime"),
    ).toBe(lately);
    const order = () =>
      screen
        .getAllByRole("article")
        .map((a) => document.getElementById(a.getAttribute("aria-labelledby") ?? "")?.textContent);
    expect(order()).toEqual(["Requester, No1", "Requester, No2"]);
    await user.click(screen.getByRole("radio", { name: "Newest first" }));
    expect(order()).toEqual(["Requester, No2", "Requester, No1"]);
  });

  it("denies only with a reason, which it sends", async () => {
    const api = inboxApi([request(5)]);
    const { user } = renderWithApp(<InboxPage />, { api });
    const card = await item("Requester, No5");
    await user.click(within(card).getByRole("button", { name: "Deny" }));
    await user.click(within(card).getByRole("button", { name: "Deny $1,250.50" }));
    expect(await within(card).findByText("Reason is required to deny a request")).toBeTruthy();
    expect(api.callsTo("/API/CreditCard/Requests/5/Decision")).toEqual([]);
    await user.type(within(card).getByRole("textbox", { name: "Reason for denying" }), "Not in budget");
    await user.click(within(card).getByRole("button", { name: "Deny $1,250.50" }));
    await waitFor(() => expect(api.callsTo("/API/CreditCard/Requests/5/Decision")).toHaveLength(1));
    expect(api.callsTo("/API/CreditCard/Requests/5/Decision")[0]?.body).toEqual({
      step: "cardUse",
      decision: "deny",
      reason: "Not in budget",
      version: 3,
    });
    expect(await screen.findByText("Nothing waits for you.")).toBeTruthy();
  });

  it("says so when a decision is refused because the request changed, and reads the list again", async () => {
    const api = inboxApi([request(8)]);
    api.fail(
      { path: "/API/CreditCard/Requests/8/Decision" },
      { status: 409, message: "This request changed since you opened it: look at it again before you decide." },
    );
    const { user } = renderWithApp(<InboxPage />, { api });
    await user.click(within(await item("Requester, No8")).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText(/This request changed since you opened it/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo("/API/CreditCard/Inbox").length).toBeGreaterThan(1));
  });

  it("says by how much a request is over its card's month", async () => {
    const api = inboxApi([
      request(1),
      request(2, { step: "overLimit", ccPermissionOverLimit: 1, overLimitBy: "250.5" }),
    ]);
    renderWithApp(<InboxPage />, { api });
    expect(within(await item("Requester, No2")).getByText("$250.50 over the limit")).toBeTruthy();
    expect(within(await item("Requester, No1")).queryByText(/over the limit/)).toBeNull();
  });

  it("approves several at once, each at its step and version; one refused alone says why", async () => {
    const api = inboxApi([request(1), request(2, { step: "overLimit", ccPermissionVersion: 5 }), request(3)]);
    api.fail(
      { path: "/API/CreditCard/Requests/3/Decision" },
      { status: 409, message: "This step of the request is decided already." },
    );
    const { user } = renderWithApp(<InboxPage />, { api });
    const approve = await screen.findByRole("button", { name: "Approve selected" });
    expect(approve).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("checkbox", { name: "Select all" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Requester, No1's request for $1,250.50" }));
    expect(screen.getByRole("checkbox", { name: "Select all" })).toHaveProperty("indeterminate", true);
    await user.click(screen.getByRole("button", { name: "Approve 2 selected" }));
    expect(
      await screen.findByText("Approved 1 of 2; 1 could not be: This step of the request is decided already."),
    ).toBeTruthy();
    expect(api.callsTo("/API/CreditCard/Requests/2/Decision")[0]?.body).toEqual({
      step: "overLimit",
      version: 5,
      decision: "approve",
    });
    expect(api.callsTo("/API/CreditCard/Requests/1/Decision")).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole("article", { name: "Requester, No2" })).toBeNull());
    expect(screen.getByRole("checkbox", { name: "Select all" })).toHaveProperty("checked", false);
  });

  it("shows the user's own requests: where each stands, a denial's reason and an approval's code", async () => {
    const mine: MyRequest[] = [
      {
        ...request(11, { ccPermissionCCUsedApprovalStatus: 1 }),
        ccPermissionApprovalCode: "K7M2Q9XP",
        ccPermissionCodeUsedTS: null,
      },
      {
        ...request(12, { ccPermissionCCUsedApprovalStatus: 2, ccPermissionUsedReason: "Use the fleet card" }),
        ccPermissionApprovalCode: null,
        ccPermissionCodeUsedTS: null,
      },
      { ...request(13), ccPermissionApprovalCode: null, ccPermissionCodeUsedTS: null },
    ];
    const { user } = renderWithApp(<InboxPage />, { api: inboxApi([], mine) });
    expect(await screen.findByText("Nothing waits for you.")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Your requests" }));
    const approved = await screen.findByRole("article", { name: "Request 11" });
    expect(within(approved).getByText("Approved")).toBeTruthy();
    expect(within(approved).getByText("K7M2Q9XP")).toBeTruthy();
    const denied = screen.getByRole("article", { name: "Request 12" });
    expect(within(denied).getByText("Denied")).toBeTruthy();
    expect(within(denied).getByText("Use the fleet card")).toBeTruthy();
    expect(
      within(screen.getByRole("article", { name: "Request 13" })).getByText("Waiting for the card's holder"),
    ).toBeTruthy();
  });

  it("asks to use a card: the form's rules first, then the request with the amount as typed", async () => {
    const cards: CardToAsk[] = [
      {
        ccID: 4,
        ccName: "Fleet Card",
        ccLastFour: "4218",
        holderName: "Taylor, Sam",
        empID: 2,
        ccMonthlyLimit: "1000.00",
        ccMonthCommitted: "900.00",
      },
    ];
    const api = inboxApi([], [], cards);
    api.operation(OPERATIONS.askToUseCard, () => ({
      ...request(99),
      ccPermissionApprovalCode: null,
      ccPermissionCodeUsedTS: null,
    }));
    const { user, fill } = renderWithApp(<InboxPage />, { api });
    await user.click(await screen.findByRole("button", { name: "Ask to use a card" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask to use a card" });
    await user.selectOptions(await within(dialog).findByRole("combobox", { name: "Card" }), "4");
    expect(within(dialog).getByText(/\$100\.00 left of \$1,000\.00 this month/)).toBeTruthy();
    await fill(within(dialog).getByRole("textbox", { name: "Amount" }), "12.345");
    await user.click(within(dialog).getByRole("button", { name: "Insert" }));
    expect(await within(dialog).findByText("Amount is not `currency` format")).toBeTruthy();
    expect(within(dialog).getByText("Purpose is required")).toBeTruthy();
    expect(api.callsTo("/API/CreditCard/Requests")).toEqual([]);
    await fill(within(dialog).getByRole("textbox", { name: "Amount" }), "150.25");
    expect(within(dialog).getByText(/over the limit, so an over-limit approver decides too/)).toBeTruthy();
    await fill(within(dialog).getByRole("textbox", { name: "Purpose" }), "Hotel for the inspection");
    await user.click(within(dialog).getByRole("button", { name: "Insert" }));
    await waitFor(() => expect(api.callsTo("/API/CreditCard/Requests")).toHaveLength(1));
    expect(api.callsTo("/API/CreditCard/Requests")[0]?.body).toEqual({
      ccID: 4,
      ccPermissionAmount: "150.25",
      ccPermissionPurpose: "Hotel for the inspection",
    });
    expect(await screen.findByText("Your request to use the card was sent.")).toBeTruthy();
  });

  it.each([
    [
      "within its month",
      { ccPermissionCCUsedApprovalStatus: 1, ccPermissionApprovalCode: "K7M2Q9XP" },
      "Approved: code K7M2Q9XP.",
    ],
    [
      "over its month",
      { ccPermissionCCUsedApprovalStatus: 1, ccPermissionOverLimit: 1, ccPermissionApprovalCode: null },
      "Your own card's use is approved; the amount is over the month's limit, so an over-limit approver decides.",
    ],
  ])("says what became of a request on one's own card %s, not only that it was sent", async (_, answer, words) => {
    const cards: CardToAsk[] = [
      {
        ccID: 4,
        ccName: "Fleet Card",
        ccLastFour: "4218",
        holderName: "Morgan, Alex",
        empID: 1,
        ccMonthlyLimit: "1000.00",
        ccMonthCommitted: "0.00",
      },
    ];
    const api = inboxApi([], [], cards);
    api.operation(OPERATIONS.askToUseCard, () => ({ ...request(98), ccPermissionCodeUsedTS: null, ...answer }));
    const { user, fill } = renderWithApp(<InboxPage />, { api });
    await user.click(await screen.findByRole("button", { name: "Ask to use a card" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask to use a card" });
    await user.selectOptions(await within(dialog).findByRole("combobox", { name: "Card" }), "4");
    await fill(within(dialog).getByRole("textbox", { name: "Amount" }), "50.00");
    await fill(within(dialog).getByRole("textbox", { name: "Purpose" }), "Site supplies");
    await user.click(within(dialog).getByRole("button", { name: "Insert" }));
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.queryByText("Your request to use the card was sent.")).toBeNull();
  });

  it("enters a charge with the approval code, checked on the server with the spec's message", async () => {
    const mine: MyRequest[] = [
      {
        ...request(21, { ccPermissionCCUsedApprovalStatus: 1, ccPermissionAmount: "80.00" }),
        ccPermissionApprovalCode: "K7M2Q9XP",
        ccPermissionCodeUsedTS: null,
      },
    ];
    const api = inboxApi([], mine);
    api.operation(OPERATIONS.validateApprovalCode, ({ code }) => ({ valid: code === "K7M2Q9XP" }));
    api.operation(OPERATIONS.enterCharge, () => ({ ccChargeID: 5 }));
    const { user, fill } = renderWithApp(<InboxPage />, { api });
    await user.click(await screen.findByRole("tab", { name: "Your requests" }));
    await user.click(await screen.findByRole("button", { name: "Enter the charge" }));
    const dialog = await screen.findByRole("dialog", { name: "Enter the charge" });
    expect(within(dialog).getByRole("textbox", { name: "Amount" })).toHaveProperty("value", "80.00");
    await fill(within(dialog).getByRole("textbox", { name: "Approval Code" }), "WRONG123");
    await fill(within(dialog).getByRole("textbox", { name: "Merchant" }), "Hardware store");
    await user.click(within(dialog).getByRole("button", { name: "Insert" }));
    expect(await within(dialog).findByText("Approval Code is not valid. Please re-enter the valid one.")).toBeTruthy();
    expect(api.callsTo("/API/CreditCard/Charges")).toEqual([]);
    await fill(within(dialog).getByRole("textbox", { name: "Approval Code" }), "K7M2Q9XP");
    await user.click(within(dialog).getByRole("button", { name: "Insert" }));
    await waitFor(() => expect(api.callsTo("/API/CreditCard/Charges")).toHaveLength(1));
    expect(api.callsTo("/API/CreditCard/Charges")[0]?.body).toMatchObject({
      code: "K7M2Q9XP",
      ccChargeAmount: "80.00",
      ccChargeMerchant: "Hardware store",
    });
  });

  it("lists the charges missing a receipt, each with Attach receipt (the spender's, and the holder's)", async () => {
    const charge = (id: number, empID: number | null): MissingReceipt => ({
      ccChargeID: id,
      ccChargeDate: "2026-11-02",
      ccChargeAmount: "120.00",
      ccChargeMerchant: `Hotel ${id}`,
      cardLabel: "Fleet Card ••4218",
      empID,
      spenderName: empID ? "Taylor, Sam" : null,
    });
    const api = inboxApi([], [], [], [charge(31, 2), charge(32, null)]);
    api.user = { ...api.user, empID: 2 };
    const { user } = renderWithApp(<InboxPage />, { api });
    await user.click(await screen.findByRole("tab", { name: "Receipts (2)" }));
    expect(await screen.findByText("Charges of $75.00 or more need a receipt within 7 days.")).toBeTruthy();
    const own = await screen.findByRole("article", { name: "Charge 31" });
    expect(within(own).getByRole("button", { name: "Attach receipt" })).toBeTruthy();
    const other = screen.getByRole("article", { name: "Charge 32" });
    expect(within(other).getByText(/spent by no one known/)).toBeTruthy();
    expect(within(other).getByRole("button", { name: "Attach receipt" })).toBeTruthy();

    // The file goes to the Upload call as a form: the charge's table and key, and the file.
    api.operation(OPERATIONS.attachFile, ({ file }) => ({
      status: "success" as const,
      id: "f1",
      fileName: file.name,
      size: 8,
    }));
    const picker = own.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error("no file input in the charge");
    await user.upload(picker, new File(["%PDF-1.4"], "hotel.pdf", { type: "application/pdf" }));
    await waitFor(() =>
      expect(api.callsTo("/API/Upload/")[0]?.body).toEqual({ table: "tblCCCharge", key: "31", file: "hotel.pdf" }),
    );
    expect(await screen.findByText("The receipt was attached to the charge.")).toBeTruthy();
  });
});
