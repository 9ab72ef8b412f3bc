/**
 * The contract between the component tests' fake server (apps/web/src/test/fake-api.ts) and the
 * server: requests as a user sends them, each with what must come back, written once and run
 * through the fake by apps/web/src/test/contract.test.tsx and through the server, on both
 * engines, by apps/server/test/contract.test.ts. Where the two disagree the fake is wrong: it
 * imitates the server.
 *
 * The rows both hold: the demo seed's shipping companies and a few the server's run adds
 * (ADDED), all of them the fake's (SHIPPING_ROWS); and master clients past the confirm threshold
 * (BULK), added beside the seed's and found by their names.
 */
import {
  DEFAULT_RECEIPT_RULE,
  ERROR_MESSAGES,
  GRANTS,
  type HttpMethod,
  OPERATION_LIST,
  OPERATIONS,
  type Operation,
  type OperationName,
  PAGE_IDS,
  PAGES,
  type PageId,
  type PermissionRow,
  sentCall,
  statusText,
  TABLE_CONFIRM_THRESHOLD,
} from "@office/core";
import { expect } from "vitest";

export type Row = Record<string, unknown>;
export type Account = "admin" | "staff" | "noperm";

const row = (page: PageId, view: 0 | 1, add: 0 | 1 = view, change: 0 | 1 = add, del: 0 | 1 = change) => ({
  permissionPageID: page,
  permissionView: view,
  permissionAdd: add,
  permissionChange: change,
  permissionDel: del,
});

/** The demo accounts (the seed's demo-company.ts): everything, a little, nothing. */
export const ACCOUNTS: Record<Account, { empID: number; permissions: PermissionRow[] }> = {
  admin: { empID: 1, permissions: PAGE_IDS.map((page) => row(page, 1)) },
  staff: {
    empID: 2,
    permissions: [
      ...([1, 2, 3, 22, 23, 24, 35, 39, 42] as const).map((page) => row(page, 1, 0)),
      row(PAGES.notes, 0, 1, 0),
    ],
  },
  noperm: { empID: 3, permissions: [] },
};

export const SHIPPING = "tblShippingCompany";
const shipping = (
  shippingCompanyID: number,
  shippingCompanyName: string,
  shippingCompanyActive: 0 | 1,
  shippingAccountNumber: string | null,
  shippingTrackingURL: string | null,
) => ({ shippingCompanyID, shippingCompanyName, shippingCompanyActive, shippingAccountNumber, shippingTrackingURL });

/** The columns of the shipping companies the cases read: both hold the same values in them. */
export const SHIPPING_COLUMNS = Object.keys(shipping(0, "", 0, null, null));

/** The demo seed's shipping companies (demo-directory.ts). */
const SEEDED = [
  shipping(1, "UPS", 1, "1Z999AA1", "https://www.ups.com/track?tracknum={trackingNumber}"),
  shipping(2, "FedEx", 1, "FX-220914", "https://www.fedex.com/fedextrack/?trknbr={trackingNumber}"),
  shipping(3, "USPS", 1, null, "https://tools.usps.com/go/TrackConfirmAction?tLabels={trackingNumber}"),
  shipping(4, "Metro Courier", 0, "MC-1042", null),
];

/*
 * Names with LIKE's wildcards, its escape and a quote in them. Every text a case orders by
 * starts with a capital or a digit: PostgreSQL orders text by the database's collation (C in the
 * tests, bytes: "Zeta" before "alpha"), the fake by the English one.
 */
export const ADDED = {
  table: SHIPPING,
  rows: [
    shipping(5, "100% Freight", 1, null, null),
    shipping(6, "1000 Movers", 0, "M-1000", null),
    shipping(7, "A_B Couriers", 1, "AB-7", null),
    shipping(8, "AxB Couriers", 1, null, null),
    shipping(9, "Back\\Slash Express", 0, "BS-9", null),
    shipping(10, "O'Hara Shipping", 1, "OH-10", "https://ohara.example/{trackingNumber}"),
  ],
};

/** Master clients past the confirm threshold, each named "Bulk n" (their keys are the database's). */
export const BULK = {
  table: "tblMasterClient",
  rows: Array.from({ length: TABLE_CONFIRM_THRESHOLD + 1 }, (_, i) => ({ masterClientName: `Bulk ${i + 1}` })),
  where: "masterClientName LIKE 'Bulk %'",
};

/** The shipping companies as both hold them. */
export const SHIPPING_ROWS = [...SEEDED, ...ADDED.rows];

/** A request as the web app's client sends it (api/client.ts's SentRequest). */
export interface ContractRequest {
  method: HttpMethod;
  path: string;
  /** The query string's parameters. */
  params: Record<string, string>;
  body?: unknown;
}

export interface Expected {
  status: number;
  /** A refusal's message and field errors (its whole error body is compared). */
  message?: string;
  fieldErrors?: Record<string, string>;
  /** The values of one column of the rows answered, in their order. */
  column?: { name: string; values: unknown[] };
  /** The rows answered, exactly, in their order. */
  rows?: Row[];
  /** The columns of each row answered, in their order. */
  fields?: string[];
  /** How many rows were answered, and how many in all (meta.TotalRecords). */
  count?: number;
  total?: number;
  /** A Query's answer that asks the user first; absent, the answer must not ask. */
  confirmRequired?: true;
  /** An operation's answer, exactly. */
  answer?: unknown;
  /** The rows of an answer's data, in any order. */
  data?: object[];
}

export interface ContractCase {
  name: string;
  as: Account;
  request: ContractRequest;
  expect: Expected;
}

const query = (params: Record<string, string | number>): ContractRequest => ({
  method: "GET",
  path: "/API/Query/",
  params: Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)])),
});

/** An operation's call, as the web app's `call` sends it (core's sentCall). */
export const operationRequest = (op: Operation<unknown, unknown>, input?: Row): ContractRequest => sentCall(op, input);

const ids = (...values: number[]) => ({ column: { name: "shippingCompanyID", values } });
/** A where over the shipping companies, answered in the resource's order (by name, then key). */
const where = (name: string, text: string, expected: Expected | number[]): ContractCase => ({
  name: `Query: ${name}`,
  as: "admin",
  request: query({ table: SHIPPING, where: text }),
  expect: Array.isArray(expected) ? { status: 200, ...ids(...expected) } : expected,
});
const refused = (message: string): Expected => ({ status: 400, message });

const QUERY_CASES: ContractCase[] = [
  {
    name: "Query: the rows both hold, in the asked order",
    as: "admin",
    request: query({ table: SHIPPING, fields: SHIPPING_COLUMNS.join(","), order: "shippingCompanyID" }),
    expect: {
      status: 200,
      rows: SHIPPING_ROWS,
      total: 10,
      fields: SHIPPING_COLUMNS,
    },
  },
  where("LIKE ignores case", "shippingCompanyName LIKE '%EX%'", [9, 2]),
  where("LIKE's % escaped", "shippingCompanyName LIKE '100\\%%'", [5]),
  where("LIKE's % unescaped", "shippingCompanyName LIKE '100%'", [5, 6]),
  where("LIKE's _ escaped", "shippingCompanyName LIKE 'A\\_B%'", [7]),
  where("LIKE's _ unescaped", "shippingCompanyName LIKE 'A_B%'", [7, 8]),
  where("LIKE's escape escaped", "shippingCompanyName LIKE 'back\\\\slash%'", [9]),
  where("a quote doubled in a text", "shippingCompanyName LIKE 'o''hara%'", [10]),
  where("NOT LIKE leaves out nulls", "shippingAccountNumber NOT LIKE '%-%'", [1]),
  where("IS NULL", "shippingAccountNumber IS NULL", [5, 8, 3]),
  where("IS NOT NULL and a comparison", "shippingTrackingURL IS NOT NULL AND shippingCompanyActive = 1", [2, 10, 1, 3]),
  where("<> leaves out nulls", "shippingAccountNumber <> 'AB-7'", [6, 9, 2, 4, 10, 1]),
  where("NOT of an unknown is unknown", "NOT shippingAccountNumber = 'AB-7'", [6, 9, 2, 4, 10, 1]),
  where("IN", "shippingCompanyID IN (1, 3, 99)", [1, 3]),
  where("NOT IN leaves out nulls", "shippingAccountNumber NOT IN ('AB-7', 'MC-1042')", [6, 9, 2, 10, 1]),
  where("BETWEEN takes both ends", "shippingCompanyID BETWEEN 4 AND 6", [5, 6, 4]),
  where("a text compared", "shippingCompanyName >= 'O'", [10, 1, 3]),
  where(
    "AND before OR",
    "shippingCompanyActive = 0 OR shippingCompanyID = 1 AND shippingAccountNumber IS NULL",
    [6, 9, 4],
  ),
  where(
    "parentheses first",
    "(shippingCompanyActive = 0 OR shippingCompanyID = 1) AND shippingAccountNumber IS NOT NULL",
    [6, 9, 4, 1],
  ),
  where(
    "a column that does not exist",
    "shippingCompanyNmae = 'UPS'",
    refused("Bad where: Unknown column 'shippingCompanyNmae' at position 1"),
  ),
  where(
    "a where cut short",
    "shippingCompanyName =",
    refused("Bad where: Expected a number or a quoted text but found the end at position 22"),
  ),
  where(
    "a text column compared with a number",
    "shippingCompanyName = 5",
    refused("shippingCompanyName is compared with a quoted text, not the number 5."),
  ),
  where(
    "a number column compared with a text",
    "shippingCompanyID = '1'",
    refused("shippingCompanyID is compared with a whole number, not a quoted text."),
  ),
  where(
    "a number out of its column's range",
    "shippingCompanyID = 2147483648",
    refused("2147483648 is out of range for shippingCompanyID."),
  ),
  where(
    "a time column compared with a number",
    "createdTS > 5",
    refused("createdTS is compared with a quoted date such as '2026-11-22' or '2026-11-22 13:30:00'."),
  ),
  {
    name: "Query: an amount compared with a text",
    as: "admin",
    request: query({ table: "tblCC", where: "ccMonthlyLimit = '1000'" }),
    expect: refused("ccMonthlyLimit is compared with an amount such as 1250.50."),
  },
  where(
    "LIKE over a number column",
    "shippingCompanyID LIKE '1%'",
    refused("LIKE needs a text column; shippingCompanyID is not one."),
  ),
  {
    name: "Query: an order by a column with nulls puts them last",
    as: "admin",
    request: query({ table: SHIPPING, order: "shippingAccountNumber" }),
    expect: { status: 200, ...ids(1, 7, 9, 2, 6, 4, 10, 5, 8, 3) },
  },
  {
    name: "Query: a descending order puts the nulls first",
    as: "admin",
    request: query({ table: SHIPPING, order: "shippingAccountNumber DESC" }),
    expect: { status: 200, ...ids(5, 8, 3, 10, 4, 6, 2, 9, 7, 1) },
  },
  {
    name: "Query: an order of two columns",
    as: "admin",
    request: query({ table: SHIPPING, order: "shippingCompanyActive, shippingCompanyID DESC" }),
    expect: { status: 200, ...ids(9, 6, 4, 10, 8, 7, 5, 3, 2, 1) },
  },
  {
    name: "Query: an order by a column that does not exist",
    as: "admin",
    request: query({ table: SHIPPING, order: "shippingCompanyNmae" }),
    expect: refused("Bad order: Unknown column 'shippingCompanyNmae' at position 1"),
  },
  {
    name: "Query: the fields asked, in their order",
    as: "admin",
    request: query({
      table: SHIPPING,
      fields: "shippingCompanyName, shippingCompanyID",
      where: "shippingCompanyID < 3",
    }),
    expect: {
      status: 200,
      rows: [
        { shippingCompanyName: "FedEx", shippingCompanyID: 2 },
        { shippingCompanyName: "UPS", shippingCompanyID: 1 },
      ],
      fields: ["shippingCompanyName", "shippingCompanyID"],
    },
  },
  {
    name: "Query: a field that does not exist",
    as: "admin",
    request: query({ table: SHIPPING, fields: "shippingCompanyID,shippingPhon" }),
    expect: refused("Bad fields: Unknown column 'shippingPhon' at position 19"),
  },
  {
    name: "Query: a page, with the total",
    as: "admin",
    request: query({ table: SHIPPING, rowLimit: 3, offset: 2 }),
    expect: { status: 200, ...ids(7, 8, 9), total: 10 },
  },
  {
    name: "Query: a page past the end, with the total",
    as: "admin",
    request: query({ table: SHIPPING, rowLimit: 5, offset: 20 }),
    expect: { status: 200, count: 0, total: 10 },
  },
  {
    name: "Query: a search past the confirm threshold asks first",
    as: "admin",
    request: query({ table: BULK.table, where: BULK.where }),
    expect: { status: 200, count: 0, total: BULK.rows.length, confirmRequired: true },
  },
  {
    name: "Query: a page past the confirm threshold does not ask",
    as: "admin",
    request: query({ table: BULK.table, where: BULK.where, rowLimit: 50 }),
    expect: { status: 200, count: 50, total: BULK.rows.length },
  },
  {
    name: "Query: a load past the confirm threshold, confirmed",
    as: "admin",
    request: query({ table: BULK.table, where: BULK.where, fields: "masterClientID", continue: 1 }),
    expect: { status: 200, count: BULK.rows.length, total: BULK.rows.length },
  },
  {
    name: "Query: a row limit past the confirm threshold needs continue",
    as: "admin",
    request: query({ table: BULK.table, where: BULK.where, rowLimit: TABLE_CONFIRM_THRESHOLD + 1 }),
    expect: refused(
      `rowLimit over ${TABLE_CONFIRM_THRESHOLD} needs continue=1: a load that large is the user's confirmed choice.`,
    ),
  },
  {
    name: "Query: refused without the page's view",
    as: "staff",
    request: query({ table: SHIPPING }),
    expect: { status: 403, message: `You may not read ${SHIPPING}.` },
  },
  {
    name: "Query: refused without any permission rows",
    as: "noperm",
    request: query({ table: SHIPPING }),
    expect: { status: 403, message: ERROR_MESSAGES.accessDenied },
  },
];

const write = (method: HttpMethod, path: string, body: Row): ContractRequest => ({ method, path, params: {}, body });
const WRITE_CASES: ContractCase[] = [
  {
    name: "Insert: refused without any permission rows",
    as: "noperm",
    request: write("POST", "/API/Insert/", { table: SHIPPING, fields: { shippingCompanyName: "DHL" } }),
    expect: { status: 403, message: ERROR_MESSAGES.accessDenied },
  },
  {
    name: "Insert: refused without the page's add",
    as: "staff",
    request: write("POST", "/API/Insert/", { table: SHIPPING, fields: { shippingCompanyName: "DHL" } }),
    expect: { status: 403, message: `You may not add to ${SHIPPING}.` },
  },
  {
    name: "Update: refused without the page's change",
    as: "staff",
    request: write("PUT", "/API/Update/", {
      table: SHIPPING,
      where: "shippingCompanyID = 1",
      fields: { shippingCompanyName: "DHL" },
    }),
    expect: { status: 403, message: `You may not change ${SHIPPING}.` },
  },
  {
    name: "Delete: refused without the page's del",
    as: "staff",
    request: write("POST", "/API/Delete/", { table: SHIPPING, where: "shippingCompanyID = 1" }),
    expect: { status: 403, message: `You may not delete from ${SHIPPING}.` },
  },
];

const NAMED_QUERY_CASES: ContractCase[] = [
  {
    name: "ExecuteQuery: a name no query has (text is never run)",
    as: "admin",
    request: write("POST", "/API/ExecuteQuery/", { query: "select 1" }),
    expect: { status: 400, message: "The request body is not valid.", fieldErrors: { query: "is not a known query" } },
  },
  {
    name: "ExecuteQuery: a query for anyone with permissions, refused without any",
    as: "noperm",
    request: write("POST", "/API/ExecuteQuery/", { query: "myOfficeHours" }),
    expect: { status: 403, message: ERROR_MESSAGES.accessDenied },
  },
  {
    name: "ExecuteQuery: the inbox count, for everyone signed in",
    as: "noperm",
    request: write("POST", "/API/ExecuteQuery/", { query: "pendingApprovalCount" }),
    expect: { status: 200, data: [{ TotalCount: 0 }] },
  },
];

interface RefusedInput {
  input: Row;
  message: string;
  fieldErrors: Record<string, string>;
}

/**
 * Each operation's input refused by its route's schemas, and a refusal its route makes before
 * it reads the input beyond the operation's grant; none for an operation that takes no input.
 */
const REFUSED_INPUTS: Record<OperationName, { inputs: RefusedInput[]; before?: Partial<Record<Account, string>> }> = {
  cardInbox: { inputs: [] },
  myCardRequests: { inputs: [] },
  cardsToAsk: { inputs: [] },
  receiptRule: { inputs: [] },
  myPermissions: { inputs: [] },
  askToUseCard: {
    inputs: [
      {
        input: { ccID: "4", ccPermissionAmount: "12.345", ccPermissionPurpose: " ", extra: 1 },
        message: "The request body is not valid.",
        fieldErrors: {
          ccID: "Invalid input: expected number, received string",
          ccPermissionAmount: "Amount is not `currency` format",
          ccPermissionPurpose: "Purpose is required",
          _: 'Unrecognized key: "extra"',
        },
      },
    ],
  },
  decideCardRequest: {
    inputs: [
      {
        input: { ccPermissionID: "x'", step: "cardUse", decision: "approve", version: 1 },
        message: "The path is not valid.",
        fieldErrors: { ccPermissionID: "must be a positive whole number" },
      },
      {
        input: { ccPermissionID: 1, step: "cardUse", decision: "deny", version: 1 },
        message: "The request body is not valid.",
        fieldErrors: { reason: "Reason is required to deny a request" },
      },
    ],
  },
  validateApprovalCode: {
    inputs: [{ input: { code: " " }, message: "The request body is not valid.", fieldErrors: { code: "is required" } }],
  },
  enterCharge: {
    inputs: [
      {
        input: { code: "K7M2Q9XP", ccChargeDate: "2026-02-27", ccChargeAmount: "-5", ccChargeMerchant: "" },
        message: "The request body is not valid.",
        fieldErrors: { ccChargeAmount: "Amount is not `currency` format", ccChargeMerchant: "Merchant is required" },
      },
    ],
  },
  importStatement: {
    inputs: [
      {
        input: { ccID: 0, csv: "", preview: "yes" },
        message: "The request body is not valid.",
        fieldErrors: {
          ccID: "Too small: expected number to be >0",
          csv: "Too small: expected string to have >=1 characters",
          preview: "Invalid input: expected boolean, received string",
        },
      },
    ],
  },
  changeSetting: {
    inputs: [
      {
        input: { key: "nope", values: {} },
        message: "The request body is not valid.",
        fieldErrors: { key: "is not a setting", values: "names no field" },
      },
      {
        input: { key: "preferences", values: { colourScheme: "dark" }, version: -1 },
        message: "The request body is not valid.",
        fieldErrors: { version: "Too small: expected number to be >=0" },
      },
    ],
  },
  missingReceipts: {
    inputs: [
      {
        input: { rowLimit: "x" },
        message: "The query is not valid.",
        fieldErrors: { rowLimit: "must be a whole number" },
      },
      {
        input: { rowLimit: 101 },
        message: "The query is not valid.",
        fieldErrors: { rowLimit: "Too big: expected number to be <=100" },
      },
    ],
  },
  permissionGrid: {
    inputs: [
      {
        input: { empID: "x" },
        message: "The path is not valid.",
        fieldErrors: { empID: "must be a positive whole number" },
      },
      {
        // A number would read "1e3" as 1000: a path names an employee by digits alone.
        input: { empID: "1e3" },
        message: "The path is not valid.",
        fieldErrors: { empID: "must be a positive whole number" },
      },
    ],
  },
  savePermissionGrid: {
    inputs: [
      {
        input: { empID: 3, rows: [{ permissionPageID: 999, permissionView: 2 }] },
        message: "The request body is not valid.",
        fieldErrors: {
          "rows.0.permissionPageID": "is not a site page",
          "rows.0.permissionView": "Invalid input",
          "rows.0.permissionAdd": "Invalid input",
          "rows.0.permissionChange": "Invalid input",
          "rows.0.permissionDel": "Invalid input",
        },
      },
    ],
  },
  signIn: {
    inputs: [
      {
        input: { empID: "0" },
        message: "The path is not valid.",
        fieldErrors: { empID: "must be a positive whole number" },
      },
    ],
  },
  saveSignIn: {
    inputs: [
      {
        input: { empID: 3, username: "bad name!", password: "short" },
        message: "The request body is not valid.",
        fieldErrors: {
          username: "may hold letters, digits and . _ @ - only",
          password: "must have at least 8 characters",
        },
      },
    ],
  },
  reorderList: {
    inputs: [
      {
        input: { group: "nope", ids: [] },
        message: "The request body is not valid.",
        fieldErrors: { group: "is not a list", ids: "Too small: expected array to have >=1 items" },
      },
    ],
    before: { staff: "You may not change tblAppLookup.", noperm: ERROR_MESSAGES.accessDenied },
  },
  auditTrail: {
    inputs: [
      {
        input: { table: "tblNope", key: "" },
        message: "The query is not valid.",
        fieldErrors: { table: "is not a table", key: "Too small: expected string to have >=1 characters" },
      },
    ],
  },
  auditChanges: {
    inputs: [
      {
        input: { table: "tblNope", empID: "x", from: "2026-13-01" },
        message: "The query is not valid.",
        fieldErrors: {
          table: "is not a table",
          empID: "must be a positive whole number",
          from: "must be a day of 1900 to 2999, YYYY-MM-DD",
        },
      },
    ],
  },
  bulkPermissions: {
    inputs: [
      {
        input: { kind: "copy", from: 1, to: [2, 2], apply: "yes" },
        message: "The request body is not valid.",
        fieldErrors: { to: "names an employee twice", apply: "Invalid input: expected boolean, received string" },
      },
      {
        input: { kind: "page", page: { permissionPageID: 40, permissionView: 1 }, to: [], apply: false },
        message: "The request body is not valid.",
        fieldErrors: {
          "page.permissionAdd": "Invalid input",
          "page.permissionChange": "Invalid input",
          "page.permissionDel": "Invalid input",
          to: "names no employee",
        },
      },
    ],
  },
  viewAs: {
    inputs: [
      {
        input: { empID: "2" },
        message: "The request body is not valid.",
        fieldErrors: { empID: "Invalid input: expected number, received string" },
      },
    ],
  },
  deletedRecords: {
    inputs: [
      {
        input: { table: "vwProjectList", extra: 1 },
        message: "The query is not valid.",
        fieldErrors: { table: "is not deleted from", _: 'Unrecognized key: "extra"' },
      },
    ],
  },
  myNotifications: { inputs: [] },
  colleaguesOutOfOffice: { inputs: [] },
  clientAddress: { inputs: [] },
  backups: { inputs: [] },
  backUpNow: { inputs: [] },
  trackShipments: { inputs: [] },
  settings: { inputs: [] },
  report: {
    inputs: [
      {
        input: { report: "hours", from: "2026-02-30", by: "colour", extra: "1" },
        message: "The query is not valid.",
        fieldErrors: {
          from: "must be a day of 1900 to 2999, YYYY-MM-DD",
          by: "is not a grouping of any report",
          _: 'Unrecognized key: "extra"',
        },
      },
    ],
  },
  boardQuery: {
    // View on projects, asked before the input is read.
    before: { noperm: ERROR_MESSAGES.accessDenied },
    inputs: [
      {
        input: { query: "", extra: 1 },
        message: "The request body is not valid.",
        fieldErrors: { query: "Too small: expected string to have >=1 characters", _: 'Unrecognized key: "extra"' },
      },
    ],
  },
  markNotificationsRead: {
    inputs: [
      {
        input: { ids: [0, "x"], all: true },
        message: "The request body is not valid.",
        fieldErrors: {
          "ids.0": "Too small: expected number to be >=1",
          "ids.1": "Invalid input: expected number, received string",
          _: 'Unrecognized key: "all"',
        },
      },
      {
        input: { ids: [] },
        message: "The request body is not valid.",
        fieldErrors: { ids: "Too small: expected array to have >=1 items" },
      },
    ],
  },
  undoDelete: {
    inputs: [
      {
        input: { table: "vwProjectList", keys: [0] },
        message: "The request body is not valid.",
        fieldErrors: { table: "is not deleted from", "keys.0": "Too small: expected number to be >=1" },
      },
      {
        input: { table: "tblProjectNotes", keys: [] },
        message: "The request body is not valid.",
        fieldErrors: { keys: "Too small: expected array to have >=1 items" },
      },
    ],
  },
  restoreDeleted: {
    inputs: [
      {
        input: { auditID: "1" },
        message: "The request body is not valid.",
        fieldErrors: { auditID: "Invalid input: expected number, received string" },
      },
    ],
  },
  projectFromPortalOrder: {
    inputs: [
      {
        input: { portalOrderID: "1e3" },
        message: "The path is not valid.",
        fieldErrors: { portalOrderID: "must be a positive whole number" },
      },
      {
        input: { portalOrderID: "0" },
        message: "The path is not valid.",
        fieldErrors: { portalOrderID: "must be a positive whole number" },
      },
    ],
  },
  setProjectsStatus: {
    inputs: [
      {
        input: { projectIDs: [0, "x"], projectStatusCodeID: 1.5, extra: 1 },
        message: "The request body is not valid.",
        fieldErrors: {
          "projectIDs.0": "Too small: expected number to be >=1",
          "projectIDs.1": "Invalid input: expected number, received string",
          projectStatusCodeID: "Invalid input: expected int, received number",
          _: 'Unrecognized key: "extra"',
        },
      },
      {
        input: { projectIDs: [], projectStatusCodeID: 60 },
        message: "The request body is not valid.",
        fieldErrors: { projectIDs: "Too small: expected array to have >=1 items" },
      },
    ],
  },
  calendarOccurrences: {
    // View on the calendar, asked before the input is read.
    before: { noperm: ERROR_MESSAGES.accessDenied },
    inputs: [
      {
        input: { from: "2026-03-01", to: "tomorrow", extra: 1 },
        message: "The query is not valid.",
        fieldErrors: {
          from: "Invalid ISO datetime",
          to: "Invalid ISO datetime",
          _: 'Unrecognized key: "extra"',
        },
      },
    ],
  },
  createEvent: {
    // Add on the calendar, asked before the body is read.
    before: { staff: "You may not add to tblEvent.", noperm: ERROR_MESSAGES.accessDenied },
    inputs: [
      {
        input: { eventTitle: " ", eventStart: "2026-03-02 9am", eventMinutes: -1, rrule: "FREQ=DAILY" },
        message: "The request body is not valid.",
        fieldErrors: {
          eventTitle: "Title is required",
          eventStart: "is not a date and time (YYYY-MM-DDTHH:mm, 1970 to 2099)",
          eventMinutes: "Too small: expected number to be >=0",
          _: 'Unrecognized key: "rrule"',
        },
      },
    ],
  },
  eventDaysOff: {
    before: { noperm: ERROR_MESSAGES.accessDenied },
    inputs: [
      {
        input: { eventTitle: "Review", eventStart: "2026-03-02T09:00", eventMinutes: 60, skip: [] },
        message: "The request body is not valid.",
        fieldErrors: { _: 'Unrecognized key: "skip"' },
      },
    ],
  },
  calendarEvent: {
    before: { noperm: ERROR_MESSAGES.accessDenied },
    inputs: [
      {
        input: { eventID: "0" },
        message: "The path is not valid.",
        fieldErrors: { eventID: "must be a positive whole number" },
      },
    ],
  },
  changeEvent: {
    inputs: [
      {
        input: { eventID: "x", eventTitle: "Moved", eventStart: "2026-03-02T09:00", eventMinutes: 30 },
        message: "The path is not valid.",
        fieldErrors: { eventID: "must be a positive whole number" },
      },
    ],
  },
  removeEvent: {
    inputs: [
      {
        input: { eventID: "x", scope: 4, original: "yesterday" },
        message: "The path is not valid.",
        fieldErrors: { eventID: "must be a positive whole number" },
      },
    ],
  },
  // The caller's own feed address: nothing to send. Reading or making one needs view on the calendar.
  calendarFeed: { inputs: [] },
  newCalendarFeed: {
    before: { noperm: ERROR_MESSAGES.accessDenied },
    inputs: [
      {
        input: { empID: 2 },
        message: "The request body is not valid.",
        fieldErrors: { _: 'Unrecognized key: "empID"' },
      },
    ],
  },
  revokeCalendarFeed: {
    inputs: [
      {
        input: { token: "x" },
        message: "The request body is not valid.",
        fieldErrors: { _: 'Unrecognized key: "token"' },
      },
    ],
  },
  recordFiles: {
    inputs: [
      {
        input: { table: "vwCCApprovals", key: "x" },
        message: "The query is not valid.",
        fieldErrors: { table: "takes no files", key: "must be a record id" },
      },
    ],
  },
  // A form, read as it streams in: its refusals are the upload's own (apps/server/test/uploads.test.ts).
  attachFile: { inputs: [] },
  fileBytes: {
    inputs: [
      {
        input: { uploadID: "not-a-uuid" },
        message: "The path is not valid.",
        fieldErrors: { uploadID: "Invalid UUID" },
      },
    ],
  },
  removeFile: {
    inputs: [
      {
        input: { uploadID: "not-a-uuid" },
        message: "The path is not valid.",
        fieldErrors: { uploadID: "Invalid UUID" },
      },
    ],
  },
};

/** What refuses an account before the input is read: the operation's grant, or its route's own check. */
function refusedBefore(op: (typeof OPERATION_LIST)[number], account: Account): string | undefined {
  const own = REFUSED_INPUTS[op.name].before?.[account];
  if (own !== undefined || !op.grant || account === "admin") return own;
  return account === "noperm" ? ERROR_MESSAGES.accessDenied : `Only ${GRANTS[op.grant].who} may do this.`;
}

const OPERATION_REFUSALS: ContractCase[] = OPERATION_LIST.flatMap((op) =>
  REFUSED_INPUTS[op.name].inputs.flatMap(({ input, message, fieldErrors }, i) =>
    (Object.keys(ACCOUNTS) as Account[]).map((account): ContractCase => {
      const before = refusedBefore(op, account);
      return {
        name: `${op.name}: refused input ${i + 1} as ${account}`,
        as: account,
        request: operationRequest(op, input),
        expect: before === undefined ? { status: 400, message, fieldErrors } : { status: 403, message: before },
      };
    }),
  ),
);

const OPERATION_ANSWERS: ContractCase[] = [
  ...(Object.keys(ACCOUNTS) as Account[]).map(
    (account): ContractCase => ({
      name: `myPermissions: the rows of ${account}`,
      as: account,
      request: operationRequest(OPERATIONS.myPermissions),
      expect: { status: 200, data: ACCOUNTS[account].permissions },
    }),
  ),
  {
    name: "permissionGrid: an employee's rows, by the path's number",
    as: "admin",
    request: operationRequest(OPERATIONS.permissionGrid, { empID: ACCOUNTS.staff.empID }),
    expect: { status: 200, data: ACCOUNTS.staff.permissions },
  },
  {
    name: "receiptRule: the default of a company that set none",
    as: "staff",
    request: operationRequest(OPERATIONS.receiptRule),
    expect: { status: 200, answer: DEFAULT_RECEIPT_RULE },
  },
  {
    name: "cardInbox: nothing waits for a colleague without permissions",
    as: "noperm",
    request: operationRequest(OPERATIONS.cardInbox),
    expect: { status: 200, answer: { data: [], meta: { TotalRecords: 0 } } },
  },
  {
    name: "missingReceipts: a row limit of 0 asks only how many",
    as: "staff",
    request: operationRequest(OPERATIONS.missingReceipts, { rowLimit: 0 }),
    expect: { status: 200, count: 0 },
  },
  {
    name: "colleaguesOutOfOffice: as the colleagues' list, refused to a colleague without permissions",
    as: "noperm",
    request: operationRequest(OPERATIONS.colleaguesOutOfOffice),
    expect: { status: 403, message: ERROR_MESSAGES.accessDenied },
  },
  {
    name: "calendarFeed: refused to a colleague without permissions (view on the calendar)",
    as: "noperm",
    request: operationRequest(OPERATIONS.calendarFeed),
    expect: { status: 403, message: ERROR_MESSAGES.accessDenied },
  },
];

export const CONTRACT_CASES: ContractCase[] = [
  ...QUERY_CASES,
  ...WRITE_CASES,
  ...NAMED_QUERY_CASES,
  ...OPERATION_REFUSALS,
  ...OPERATION_ANSWERS,
];

/** Checks an answer against its case: a refusal's whole error body, or what the case says of the answer. */
export function expectAnswer({ request, expect: expected }: ContractCase, status: number, body: unknown): void {
  expect(status, JSON.stringify(body)).toBe(expected.status);
  if (status >= 400) {
    expect(body).toEqual({
      statusCode: status,
      error: statusText(status),
      message: expected.message,
      path: request.path,
      ...(status === 400 ? { params: request.params } : {}),
      ...(expected.fieldErrors ? { fieldErrors: expected.fieldErrors } : {}),
      requestId: expect.any(String),
    });
    return;
  }
  const answer = body as { data?: Row[]; meta?: { TotalRecords?: number; confirmRequired?: boolean } };
  if (expected.answer !== undefined) expect(answer).toEqual(expected.answer);
  if (expected.column) {
    const { name, values } = expected.column;
    expect(answer.data?.map((row) => row[name])).toEqual(values);
  }
  if (expected.rows) expect(answer.data).toEqual(expected.rows);
  if (expected.fields) for (const row of answer.data ?? []) expect(Object.keys(row)).toEqual(expected.fields);
  if (expected.count !== undefined) expect(answer.data).toHaveLength(expected.count);
  if (expected.total !== undefined) expect(answer.meta?.TotalRecords).toBe(expected.total);
  if (request.path === "/API/Query/") expect(answer.meta?.confirmRequired).toBe(expected.confirmRequired);
  if (expected.data) {
    expect(answer.data).toHaveLength(expected.data.length);
    expect(answer.data).toEqual(expect.arrayContaining(expected.data));
  }
}
