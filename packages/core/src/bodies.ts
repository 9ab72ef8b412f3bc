import { z } from "zod";
import { BULK_PERMISSION_TARGETS, PASSWORD_MIN } from "./administration.js";
import { PASSWORD_MAX, USERNAME_MAX } from "./auth.js";
import { EVENT_ATTENDEES, SERIES_YEARS, WALL_TIME } from "./calendar/series.js";
import { REASON_MAX } from "./card-requests.js";
import { INT4 } from "./constants.js";
import { EDITABLE_GROUPS } from "./lists.js";
import { EDIT_SCOPE } from "./lookups/enumerations.js";
import { PAGE_IDS, type PageId } from "./pages.js";
import { tblCCCharge } from "./resources/tblCCCharge.js";
import { tblCCPermission } from "./resources/tblCCPermission.js";
import { tblEvent } from "./resources/tblEvent.js";
import { writeSchema } from "./resources/write-schema.js";
import { STATEMENT_MAX_BYTES } from "./statements.js";

/*
 * The bodies the server's own calls accept (sign-in, the permission grid, an employee's
 * sign-in, a list's order), as zod schemas. Only the server validates with them: in a module
 * of their own, they and zod stay out of the web app's bundle (docs/decisions.md).
 */

/** A text PostgreSQL can store: without the NUL character. `error` words a missing one. */
export const storable = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).regex(/^[^\0]*$/, "may not hold the NUL character");

/**
 * A text that may not be blank, trimmed, at most `max` characters. Its document says "not
 * blank" (a pattern), which a minimum length counted after the trim does not: " " has one.
 */
const filled = (max: number) => storable().regex(/\S/, "is required").trim().max(max);

/** What a sign-in sends. */
export const credentialsSchema = z.strictObject({
  username: filled(USERNAME_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type Credentials = z.infer<typeof credentialsSchema>;

const flag = z.union([z.literal(0), z.literal(1)]);
const pageId = z.literal(PAGE_IDS as [PageId, ...PageId[]], { error: "is not a site page" });

export const permissionGridRow = z.strictObject({
  permissionPageID: pageId,
  permissionView: flag,
  permissionAdd: flag,
  permissionChange: flag,
  permissionDel: flag,
});

const employeeID = z.number().int().min(1).max(INT4.max);
const targets = z
  .array(employeeID)
  .min(1, "names no employee")
  .max(BULK_PERMISSION_TARGETS, `names more than ${BULK_PERMISSION_TARGETS} employees`)
  .refine((ids) => new Set(ids).size === ids.length, "names an employee twice");

/**
 * POST /API/Permissions/Bulk — one employee's permissions copied to others (each then holds
 * exactly the source's), or one page's rights set for many (every flag off takes the page
 * away); previewed unless `apply`.
 */
export const bulkPermissionsBody = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("copy"), from: employeeID, to: targets, apply: z.boolean() }),
  z.strictObject({ kind: z.literal("page"), page: permissionGridRow, to: targets, apply: z.boolean() }),
]);
export type BulkPermissionsBody = z.infer<typeof bulkPermissionsBody>;

/** GET /API/Permissions/ (the user's own) and /API/Permissions/:empID (an employee's): their rows. */
export const permissionRowsAnswer = z.object({
  data: z.array(
    z.object({
      permissionPageID: z.number().int(),
      permissionView: flag,
      permissionAdd: flag,
      permissionChange: flag,
      permissionDel: flag,
    }),
  ),
});

/** PUT /API/Permissions/:empID — the employee's whole grid; a page left out has no rights. */
export const permissionGridBody = z.strictObject({
  rows: z
    .array(permissionGridRow)
    .max(PAGE_IDS.length)
    .refine((rows) => new Set(rows.map((r) => r.permissionPageID)).size === rows.length, "names a page twice"),
});
export type PermissionGridBody = z.infer<typeof permissionGridBody>;

/** PUT /API/SignIn/:empID — set an employee's username and, to set or reset it, a password. */
export const signInBody = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1)
    .max(USERNAME_MAX)
    .regex(/^[A-Za-z0-9._@-]+$/, "may hold letters, digits and . _ @ - only"),
  password: z.string().min(PASSWORD_MIN, `must have at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX).optional(),
  disabled: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

/** PUT /API/ListOrder/ — a list's values in their new order: every id of the list, once. */
export const listOrderBody = z.strictObject({
  group: z.enum([...EDITABLE_GROUPS] as [string, ...string[]], { error: "is not a list" }),
  ids: z.array(z.number().int().positive().max(INT4.max)).min(1).max(1_000),
});
export type ListOrderBody = z.infer<typeof listOrderBody>;

const request = tblCCPermission.columns;
/** POST /API/CreditCard/Requests — ask to use a card; no project is a non-project expense. */
export const cardRequestBody = z.strictObject({
  ccID: writeSchema("ccID", request.ccID),
  ccPermissionAmount: writeSchema("ccPermissionAmount", request.ccPermissionAmount),
  ccPermissionPurpose: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    writeSchema("ccPermissionPurpose", request.ccPermissionPurpose),
  ),
  projectID: writeSchema("projectID", request.projectID).optional(),
});
export type CardRequestBody = z.infer<typeof cardRequestBody>;

/** POST /API/CreditCard/Requests/:id/Decision — approve or deny one step; a denial says why. */
const decided = {
  step: z.enum(["cardUse", "overLimit"]),
  version: z.number().int().positive().max(2_147_483_647),
};
const DENIAL_NEEDS_A_REASON = "Reason is required to deny a request";
// One schema per decision, so the document says that a denial needs its reason.
export const cardDecisionBody = z.discriminatedUnion("decision", [
  z.strictObject({ ...decided, decision: z.literal("approve"), reason: storable().trim().max(REASON_MAX).optional() }),
  z.strictObject({
    ...decided,
    decision: z.literal("deny"),
    reason: storable(DENIAL_NEEDS_A_REASON).regex(/\S/, DENIAL_NEEDS_A_REASON).trim().max(REASON_MAX),
  }),
]);
export type CardDecisionBody = z.infer<typeof cardDecisionBody>;

const charge = tblCCCharge.columns;
/** An approval code as typed: letters and digits (checked against the server's codes). */
const approvalCode = filled(20);

/** POST /API/CreditCard/ValidateCode — validateApprovalCode's asynchronous check. */
export const approvalCodeBody = z.strictObject({ code: approvalCode });

/** POST /API/CreditCard/Charges — a charge its spender enters with their approval code. */
export const enteredChargeBody = z.strictObject({
  code: approvalCode,
  ccChargeDate: writeSchema("ccChargeDate", charge.ccChargeDate),
  ccChargeAmount: writeSchema("ccChargeAmount", charge.ccChargeAmount),
  ccChargeMerchant: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    writeSchema("ccChargeMerchant", charge.ccChargeMerchant),
  ),
});
export type EnteredChargeBody = z.infer<typeof enteredChargeBody>;

/** POST /API/CreditCard/Statements — a card's statement as the bank's CSV, previewed or imported. */
export const statementBody = z.strictObject({
  ccID: z.number().int().positive().max(2_147_483_647),
  fileName: storable().max(200).optional(),
  csv: storable().min(1).max(STATEMENT_MAX_BYTES),
  preview: z.boolean(),
});
export type StatementBody = z.infer<typeof statementBody>;

const event = tblEvent.columns;
const trimmed = (name: keyof typeof event) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : value), writeSchema(name, event[name]));
const wallTime = z.string().regex(WALL_TIME, "is not a date and time (YYYY-MM-DDTHH:mm, 1970 to 2099)");

/** POST /API/Calendar/Events — a new event, once or a series, with its attendees (docs/decisions.md#recurrence). */
export const eventBody = z.strictObject({
  eventTitle: trimmed("eventTitle"),
  eventCategory: writeSchema("eventCategory", event.eventCategory).optional(),
  eventStart: wallTime,
  eventMinutes: z
    .number()
    .int()
    .min(0)
    .max(366 * 1_440),
  eventAllDay: writeSchema("eventAllDay", event.eventAllDay).optional(),
  eventLocation: trimmed("eventLocation").optional(),
  eventLink: trimmed("eventLink").optional(),
  eventLinkTarget: writeSchema("eventLinkTarget", event.eventLinkTarget).optional(),
  eventVisibleFor: writeSchema("eventVisibleFor", event.eventVisibleFor).optional(),
  eventRecurrence: writeSchema("eventRecurrence", event.eventRecurrence).optional(),
  eventRecurrenceDays: z.array(z.number().int().min(0).max(6)).max(7).nullable().optional(),
  eventRecurrenceUntil: z.iso.date().nullable().optional(),
  eventRecurrenceCount: z
    .number()
    .int()
    .min(1)
    .max(SERIES_YEARS * 366)
    .nullable()
    .optional(),
  eventDescription: trimmed("eventDescription").optional(),
  attendees: z.array(z.number().int().min(1).max(INT4.max)).max(EVENT_ATTENDEES).optional(),
});

/**
 * POST /API/Calendar/Events — a new event, and of a series the occurrences to skip (those the
 * dialog found on days off, each a start as the series makes it).
 */
export const newEventBody = eventBody.extend({
  skip: z
    .array(wallTime)
    .max(SERIES_YEARS * 366)
    .optional(),
});

/** A series' occurrence that falls on a day off, and why (POST /API/Calendar/Events/DaysOff). */
export const dayOffSchema = z.object({ original: z.string(), reason: z.string() });

/** PUT /API/Calendar/Events/{eventID} — an event as the dialog has it now, and for a series which occurrences. */
export const changeEventBody = eventBody.extend({
  scope: z.union(Object.values(EDIT_SCOPE.code).map((code) => z.literal(code))).optional(),
  original: wallTime.optional(),
});

/** POST /API/Calendar/Events/{eventID}/Remove — an event removed, or of a series the occurrences the scope names. */
export const removeEventBody = z.strictObject({
  scope: z.union(Object.values(EDIT_SCOPE.code).map((code) => z.literal(code))).optional(),
  original: wallTime.optional(),
});

/** An event as GET /API/Calendar/Events/{eventID} answers it: as its dialog shows it (operations/calendar.ts's CalendarEventRecord). */
export const calendarEventSchema = z.object({
  eventID: z.number().int(),
  eventTitle: z.string(),
  eventCategory: z.number().int().nullable(),
  /** Its first start, on the clock of its zone. */
  eventStart: z.string(),
  eventMinutes: z.number().int(),
  eventAllDay: z.number().int(),
  eventZone: z.string(),
  eventLocation: z.string().nullable(),
  eventLink: z.string().nullable(),
  eventLinkTarget: z.number().int(),
  eventVisibleFor: z.number().int(),
  eventRecurrence: z.number().int(),
  eventRecurrenceDays: z.array(z.number().int()).nullable(),
  eventRecurrenceUntil: z.string().nullable(),
  eventRecurrenceCount: z.number().int().nullable(),
  eventDescription: z.string().nullable(),
  attendees: z.array(z.number().int()),
  /** The occurrences changed or removed on their own, by their start as the series makes it. */
  exceptions: z.array(z.string()),
  /** Who made it: they may always change or delete it. */
  empID: z.number().int().nullable(),
  mayChange: z.boolean(),
  mayDelete: z.boolean(),
});

/** An occurrence as GET /API/Calendar/Occurrences answers it (operations/calendar.ts's CalendarOccurrence). */
export const calendarOccurrenceSchema = z.object({
  eventID: z.number().int(),
  /** Its start as its series makes it, on the clock of the event's zone: the key of "This event". */
  original: z.string(),
  /** Its instants, ISO 8601 with the company's offset. */
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  title: z.string(),
  eventCategory: z.number().int().nullable(),
  eventLocation: z.string().nullable(),
  /** One of a series (Daily, Weekly, Monthly), not an event that happens once. */
  recurring: z.boolean(),
  /** Changed on its own ("This event"): its own time or title. */
  changed: z.boolean(),
});
