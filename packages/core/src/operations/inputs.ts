import { z } from "zod";
import {
  approvalCodeBody,
  bulkPermissionsBody,
  cardDecisionBody,
  cardRequestBody,
  changeEventBody,
  enteredChargeBody,
  eventBody,
  listOrderBody,
  newEventBody,
  permissionGridBody,
  removeEventBody,
  signInBody,
  statementBody,
  storable,
} from "../bodies.js";
import { MISSING_RECEIPTS_SHOWN } from "../calls.js";
import { INT4, MAX_ROWS_PER_WRITE, STATUSES_SET_AT_ONCE } from "../constants.js";
import { NOTIFICATIONS_MARKED_AT_ONCE } from "../notifications.js";
import type { PermissionFlag } from "../pages.js";
import { isIsoDay, REPORT_DAY, REPORT_DAY_MESSAGE } from "../reports/call.js";
import { REPORT_INPUT } from "../reports/input.js";
import { RESOURCES } from "../resources/index.js";
import type { Resource } from "../resources/resource.js";
import { documented } from "../resources/write-schema.js";
import { SETTING_LIST, type SettingKey, type SettingValues } from "../settings.js";
import { SERVER_AUDITED_TABLES } from "./admin-tools.js";
import type { OperationName } from "./index.js";

/*
 * What each operation takes, as the zod schemas the server checks before its handler runs (in
 * Fastify's parts: a path's params, a body, a GET's querystring). The server serves an
 * operation with them (http/operations.ts) and the component tests' fake server checks its
 * calls with the same ones. Only they validate: in a module of their own, of which the web app
 * imports nothing, they and zod stay out of its bundle (core declares no side effects).
 */

// Digits only: "1e3" or "0x10" name no record, though a number would read them as one. The
// document says what a client sends: a whole number in int4's range.
const pathID = documented(
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be a positive whole number")
    .transform(Number)
    .pipe(z.number().max(INT4.max)),
  { type: "integer", minimum: 1, maximum: INT4.max },
);

/** A route's params of one id (`/API/PortalOrders/:portalOrderID/Project`): a positive int4. */
export const idPath = <K extends string>(name: K) => z.strictObject({ [name]: pathID } as { [P in K]: typeof pathID });

/**
 * The names of the tables and views a call serves, as its schema's enumeration: a client reads
 * them in the document, and any other name is a 400 naming the field. `whyNot` words the refusal
 * of a name the registry knows but the call does not serve (a view to Insert).
 */
export function resourceName(serves: (def: Resource) => boolean, whyNot = "is not a known table") {
  const names = [...RESOURCES.values()].filter(serves).map((def) => def.name);
  return z.enum(names as [string, ...string[]], {
    error: (issue) => (RESOURCES.has(String(issue.input)) ? whyNot : "is not a known table"),
  });
}

/** A table whose action someone may be granted (an Insert's, Update's, Delete's, upload's). */
export const tableFor = (flag: PermissionFlag) => (def: Resource) =>
  def.kind === "table" && def.access[flag] !== null && (flag === "view" || def.writtenBy === undefined);

/** A record's key as a form field or a query parameter sends it: digits, a positive int4. */
const recordKey = documented(
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be a record id")
    .refine((key) => Number(key) <= INT4.max, "must be a record id"),
  { type: "integer", minimum: 1, maximum: INT4.max },
);

/** The record a file belongs to: files belong to tables' records one may read. */
export const fileTarget = z.strictObject({ table: resourceName(tableFor("view"), "takes no files"), key: recordKey });

const uploadPath = z.object({ uploadID: z.uuid() });
const tables = [...RESOURCES.values()].filter((def) => def.kind === "table").map((def) => def.name);
const employeePath = idPath("empID");
/** A whole number of a query string (an id, a page's cursor). */
const wholeNumber = pathID;
/** A day of a query string, YYYY-MM-DD, in the company's calendar. */
const auditDay = z.string().regex(REPORT_DAY, REPORT_DAY_MESSAGE).refine(isIsoDay, REPORT_DAY_MESSAGE);

/** An operation's inputs by part, as a Fastify route schema names them. */
export interface OperationInput {
  params?: z.ZodType;
  body?: z.ZodType;
  querystring?: z.ZodType;
}

export const OPERATION_INPUTS = {
  cardInbox: {},
  myCardRequests: {},
  cardsToAsk: {},
  askToUseCard: { body: cardRequestBody },
  decideCardRequest: { params: idPath("ccPermissionID"), body: cardDecisionBody },
  validateApprovalCode: { body: approvalCodeBody },
  enterCharge: { body: enteredChargeBody },
  importStatement: { body: statementBody },
  receiptRule: {},
  missingReceipts: {
    querystring: z.object({
      // Digits only: coerced, "" or " " would be 0 and ask only how many. Documented as the
      // whole number a client sends.
      rowLimit: documented(
        z
          .string()
          .regex(/^\d+$/, "must be a whole number")
          .pipe(z.coerce.number<string>().int().min(0).max(MISSING_RECEIPTS_SHOWN)),
        { type: "integer", minimum: 0, maximum: MISSING_RECEIPTS_SHOWN },
      ).default(MISSING_RECEIPTS_SHOWN),
    }),
  },
  myPermissions: {},
  permissionGrid: { params: employeePath },
  savePermissionGrid: { params: employeePath, body: permissionGridBody },
  signIn: { params: employeePath },
  saveSignIn: { params: employeePath, body: signInBody },
  reorderList: { body: listOrderBody },
  auditTrail: {
    querystring: z.strictObject({
      table: z.enum(["upload", ...tables], { error: "is not a table" }),
      key: storable().min(1).max(64),
    }),
  },
  myNotifications: {},
  colleaguesOutOfOffice: {},
  clientAddress: {},
  trackShipments: {},
  boardQuery: { body: z.strictObject({ query: z.string().min(1).max(2_000) }) },
  settings: {},
  report: REPORT_INPUT,
  auditChanges: {
    querystring: z.strictObject({
      table: z
        .enum([...(Object.keys(SERVER_AUDITED_TABLES) as ["upload"]), ...tables], { error: "is not a table" })
        .optional(),
      key: storable().min(1).max(64).optional(),
      empID: wholeNumber.optional(),
      action: z.enum(["insert", "update", "delete", "restore"], { error: "is not an action" }).optional(),
      from: auditDay.optional(),
      to: auditDay.optional(),
      before: wholeNumber.optional(),
    }),
  },
  viewAs: { body: z.strictObject({ empID: z.number().int().min(1).max(INT4.max) }) },
  bulkPermissions: { body: bulkPermissionsBody },
  backups: {},
  // Nothing to send: a body, if any, holds nothing.
  backUpNow: { body: z.strictObject({}).nullish() },
  changeSetting: {
    body: z.strictObject({
      key: z.enum(SETTING_LIST.map((def) => def.key) as [SettingKey, ...SettingKey[]], { error: "is not a setting" }),
      // Each field is checked against the setting's declaration (settings-check.ts) by the handler.
      values: z
        .record(z.string().max(64), z.unknown())
        .refine((values) => Object.keys(values).length > 0, "names no field")
        .refine((values) => Object.keys(values).length <= 20, "names too many fields") as z.ZodType<SettingValues>,
      version: z.number().int().min(0).max(INT4.max).optional(),
    }),
  },
  markNotificationsRead: {
    body: z.strictObject({
      ids: z.array(z.number().int().min(1).max(INT4.max)).min(1).max(NOTIFICATIONS_MARKED_AT_ONCE).optional(),
    }),
  },
  deletedRecords: { querystring: z.strictObject({ table: resourceName(tableFor("del"), "is not deleted from") }) },
  restoreDeleted: { body: z.object({ auditID: z.number().int().positive() }) },
  undoDelete: {
    body: z.strictObject({
      table: resourceName(tableFor("del"), "is not deleted from"),
      keys: z.array(z.number().int().min(1).max(INT4.max)).min(1).max(MAX_ROWS_PER_WRITE),
    }),
  },
  projectFromPortalOrder: { params: idPath("portalOrderID") },
  calendarOccurrences: {
    querystring: z.strictObject({
      from: z.iso.datetime({ offset: true }),
      to: z.iso.datetime({ offset: true }),
    }),
  },
  createEvent: { body: newEventBody },
  eventDaysOff: { body: eventBody },
  calendarEvent: { params: idPath("eventID") },
  changeEvent: { params: idPath("eventID"), body: changeEventBody },
  removeEvent: { params: idPath("eventID"), body: removeEventBody },
  // The caller's own feed address: nothing to send (a body, if any, holds nothing; a DELETE sends none).
  calendarFeed: {},
  newCalendarFeed: { body: z.strictObject({}) },
  revokeCalendarFeed: { body: z.strictObject({}).nullish() },
  setProjectsStatus: {
    body: z.strictObject({
      projectIDs: z.array(z.number().int().min(1).max(INT4.max)).min(1).max(STATUSES_SET_AT_ONCE),
      projectStatusCodeID: z.number().int().min(1).max(INT4.max),
    }),
  },
  recordFiles: { querystring: fileTarget },
  // The document's form names the tables one may change; the server reads it as it streams in,
  // its fields before its file, and checks them there (data/uploads.ts).
  attachFile: {
    body: fileTarget.extend({
      table: resourceName(tableFor("change"), "takes no files"),
      file: z.file().min(1).describe("one file, not empty, after the other fields"),
    }),
  },
  fileBytes: { params: uploadPath },
  removeFile: { params: uploadPath },
} as const satisfies Record<OperationName, OperationInput>;
