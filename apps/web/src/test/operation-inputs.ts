/**
 * What the server checks of each operation's input before its handler runs, for the fake API
 * (./fake-api.ts): the zod schemas its route declares beside the operation (path, body, a GET's
 * query) and a right a route asks before reading the input. Core's bodies are core's own
 * schemas; the rest are written on the server's routes only (admin/routes.ts,
 * credit-cards/routes.ts, data/routes.ts, data/uploads.ts, http/validate.ts's idPath), so they
 * are copied here, and the contract suite (test/contract/) holds the copies to the server's
 * answers. A new operation fails the type check here until the fake knows its input.
 */
import {
  approvalCodeBody,
  cardDecisionBody,
  cardRequestBody,
  documented,
  enteredChargeBody,
  INT4,
  listOrderBody,
  type OperationName,
  type PermissionFlag,
  permissionGridBody,
  RESOURCES,
  type Resource,
  receiptRuleBody,
  signInBody,
  statementBody,
  storable,
  tblAppLookup,
} from "@office/core";
import { z } from "zod";

export interface OperationInput {
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  /** A right on a table the route asks before it reads the input (beyond the operation's grant). */
  access?: { resource: Resource; flag: PermissionFlag };
}

// admin/routes.ts
const employeePath = z.strictObject({ empID: z.coerce.number().int().positive().max(2_147_483_647) });

// http/validate.ts
const idPath = <K extends string>(name: K) =>
  z.strictObject({
    [name]: documented(
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, "must be a positive whole number")
        .transform(Number)
        .pipe(z.number().max(INT4.max)),
      { type: "integer", minimum: 1, maximum: INT4.max },
    ),
  });

// data/inputs.ts: a table the call serves, by name.
const resourceName = (serves: (def: Resource) => boolean, whyNot: string) =>
  z.enum([...RESOURCES.values()].filter(serves).map((def) => def.name) as [string, ...string[]], {
    error: (issue) => (RESOURCES.has(String(issue.input)) ? whyNot : "is not a known table"),
  });

// data/uploads.ts
const recordKey = documented(
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be a record id")
    .refine((key) => Number(key) <= INT4.max, "must be a record id"),
  { type: "integer", minimum: 1, maximum: INT4.max },
);
const filesOf = z.strictObject({
  table: resourceName((def) => def.kind === "table" && def.access.view !== null, "takes no files"),
  key: recordKey,
});

// data/routes.ts
const audited = [...RESOURCES.values()].filter((def) => def.kind === "table").map((def) => def.name);
const auditQuery = z.strictObject({
  table: z.enum(["upload", ...audited], { error: "is not a table" }),
  key: storable().min(1).max(64),
});

// credit-cards/routes.ts (receipts.ts's MISSING_RECEIPTS_SHOWN)
const MISSING_RECEIPTS_SHOWN = 100;
const missingReceiptsQuery = z.object({
  rowLimit: documented(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .pipe(z.coerce.number<string>().int().min(0).max(MISSING_RECEIPTS_SHOWN)),
    { type: "integer", minimum: 0, maximum: MISSING_RECEIPTS_SHOWN },
  ).default(MISSING_RECEIPTS_SHOWN),
});

export const OPERATION_INPUTS: Record<OperationName, OperationInput> = {
  cardInbox: {},
  myCardRequests: {},
  cardsToAsk: {},
  askToUseCard: { body: cardRequestBody },
  decideCardRequest: { params: idPath("ccPermissionID"), body: cardDecisionBody },
  validateApprovalCode: { body: approvalCodeBody },
  enterCharge: { body: enteredChargeBody },
  importStatement: { body: statementBody },
  receiptRule: {},
  setReceiptRule: { body: receiptRuleBody },
  missingReceipts: { query: missingReceiptsQuery },
  myPermissions: {},
  permissionGrid: { params: employeePath },
  savePermissionGrid: { params: employeePath, body: permissionGridBody },
  signIn: { params: employeePath },
  saveSignIn: { params: employeePath, body: signInBody },
  reorderList: { body: listOrderBody, access: { resource: tblAppLookup, flag: "change" } },
  auditTrail: { query: auditQuery },
  restoreDeleted: { body: z.object({ auditID: z.number().int().positive() }) },
  projectFromPortalOrder: { params: idPath("portalOrderID") },
  recordFiles: { query: filesOf },
  removeFile: { params: z.object({ uploadID: z.uuid() }) },
};
