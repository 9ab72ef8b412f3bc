import type { PermissionRow } from "../access.js";
import { BULK_PERMISSION_TARGETS, type BulkPermissionsAnswer } from "../administration.js";
import type { SignedInUser } from "../auth.js";
import type { BackupStatus } from "../backups.js";
import type { BulkPermissionsBody } from "../bodies.js";
import type { AuditEntry } from "./administration.js";
import { operation } from "./operation.js";

const tag = "Administration";

/** The changes a page of the audit trail browser holds at most. */
export const AUDIT_PAGE_ROWS = 50;

/** The request header an administrator's calls carry while viewing the product as someone else. */
export const VIEW_AS_HEADER = "x-office-view-as";

/** The refusal of any call that would change something, made while viewing as someone else. */
export const VIEW_AS_READ_ONLY = "Viewing as someone else is read only: nothing can be changed as them";

/**
 * The tables the server keeps and audits beside the resources' (whose names are the registry's),
 * with what each holds: the audit trail browser may be narrowed to any of them.
 */
export const SERVER_AUDITED_TABLES = {
  upload: "files",
  appSetting: "company settings",
  employeeSetting: "preferences",
  viewAsLog: "View as",
} as const;

/** A change of the audit trail as its browser shows it: who made it, and whether Restore can put its record back. */
export type AuditChange = AuditEntry & { byName: string | null; restorable: boolean };

/** What the audit trail browser asks: each part narrows, none is needed. */
export interface AuditQuery {
  table?: string;
  key?: string;
  empID?: number;
  action?: AuditEntry["action"];
  /** Days, YYYY-MM-DD, in the company's calendar. */
  from?: string;
  to?: string;
  /** The page after the one that ended with this change (its auditID): the next, older changes. */
  before?: number;
}

/** A page of the trail, newest first, and the `before` of the next page (null at its end). */
export interface AuditPage {
  data: AuditChange[];
  next: number | null;
}

/** What an administrator sees while viewing as someone: that person, and their permission rows. */
export interface ViewAsAnswer {
  user: SignedInUser;
  permissions: PermissionRow[];
}

/** The administrators' tools of page 40 (issue 37): the audit trail browser and View as. */
export const ADMIN_TOOL_OPERATIONS = {
  auditChanges: operation<AuditQuery, AuditPage>({
    method: "GET",
    path: "/API/Audit/Changes",
    summary: `Every change the audit trail keeps, newest first, ${AUDIT_PAGE_ROWS} at a time: by table, record, employee, action and days (administrators). Each with who made it and, for a delete not undone since, whether Restore can put the record back.`,
    tag,
    grant: "administrators",
    reads: ["auditLog"],
    changes: [],
  }),
  viewAs: operation<{ empID: number }, ViewAsAnswer>({
    method: "POST",
    path: "/API/ViewAs/",
    summary: `Starts viewing the product as an active employee (administrators): their user and permission rows. Recorded, and shown to that employee in their settings. Then each call that carries the header ${VIEW_AS_HEADER} with their empID is answered as theirs, read only: any call that would change something is refused with 403.`,
    tag,
    grant: "administrators",
    reads: ["tblEmployee", "tblPermission"],
    changes: [],
  }),
  bulkPermissions: operation<BulkPermissionsBody, BulkPermissionsAnswer>({
    method: "POST",
    path: "/API/Permissions/Bulk",
    summary: `Copies one employee's permissions to others, or sets one page's rights for many, up to ${BULK_PERMISSION_TARGETS} employees (administrators): each employee with the pages it changes, before and after. Previewed unless \`apply\`; applied, all of it in one transaction, audited, or none (409 if it would leave no administrator).`,
    tag,
    grant: "administrators",
    reads: ["tblEmployee", "tblPermission"],
    changes: ["tblPermission"],
  }),
  backups: operation<void, BackupStatus>({
    method: "GET",
    path: "/API/Admin/Backups",
    summary:
      "The nightly backup (administrators): its schedule, the latest runs with what each backed up and what its restore drill found, the last verified restore, and a warning when it is missing, old or failed.",
    tag,
    grant: "administrators",
    reads: ["jobRun"],
    changes: [],
  }),
  backUpNow: operation<void, { runID: number; started: boolean }>({
    method: "POST",
    path: "/API/Admin/Backups",
    summary:
      "Backs the company up now and proves the backup restores, as the nightly run does (administrators): the run started, or the one already under way (`started` false). Its result is read with GET.",
    tag,
    grant: "administrators",
    reads: [],
    changes: ["jobRun"],
  }),
} as const;
