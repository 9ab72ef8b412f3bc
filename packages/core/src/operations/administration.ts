import type { PermissionRow } from "../access.js";
import type { SignInInfo } from "../administration.js";
import type { ListOrderBody, PermissionGridBody, SignInBody } from "../bodies.js";
import { operation } from "./operation.js";

const tag = "Administration";

/** One change of a record as the audit trail keeps it: the row before and after. */
export interface AuditEntry {
  auditID: number;
  empID: number | null;
  action: "insert" | "update" | "delete" | "restore";
  tableName: string;
  recordKey: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdTS: string;
}

/** The most deleted records a table's list offers to restore at once, newest first. */
export const DELETED_SHOWN = 50;

/** A deleted record not back yet: its delete in the trail, and who made it. */
export type DeletedRecord = AuditEntry & { byName: string | null };

/** What administrators do on an employee's page, the Lists page's reordering, and the audit trail. */
export const ADMINISTRATION_OPERATIONS = {
  myPermissions: operation<void, { data: PermissionRow[] }>({
    method: "GET",
    path: "/API/Permissions/",
    summary: "The signed-in user's permission rows.",
    tag: "Data service",
    reads: ["tblPermission"],
    changes: [],
  }),
  permissionGrid: operation<{ empID: number }, { data: PermissionRow[] }>({
    method: "GET",
    path: "/API/Permissions/:empID",
    summary: "An employee's permission rows (administrators).",
    tag,
    grant: "administrators",
    reads: ["tblPermission"],
    changes: [],
  }),
  savePermissionGrid: operation<{ empID: number } & PermissionGridBody, { status: "success"; count: number }>({
    method: "PUT",
    path: "/API/Permissions/:empID",
    summary: "Replaces an employee's permissions with the grid, in one transaction (administrators).",
    tag,
    grant: "administrators",
    reads: [],
    changes: ["tblPermission"],
  }),
  signIn: operation<{ empID: number }, { data: SignInInfo | null }>({
    method: "GET",
    path: "/API/SignIn/:empID",
    summary: "An employee's sign-in, or null (administrators).",
    tag,
    grant: "administrators",
    reads: ["authAccount"],
    changes: [],
  }),
  saveSignIn: operation<{ empID: number } & SignInBody, { status: "success" }>({
    method: "PUT",
    path: "/API/SignIn/:empID",
    summary:
      "Creates, renames, resets the password of or disables an employee's sign-in (administrators); a new password or a disabling ends the account's sessions.",
    tag,
    grant: "administrators",
    reads: [],
    changes: ["authAccount"],
  }),
  reorderList: operation<ListOrderBody, { status: "success"; count: number }>({
    method: "PUT",
    path: "/API/ListOrder/",
    summary: "Puts a list's values in a new order (change on Lists).",
    tag,
    requires: { table: "tblAppLookup", flag: "change" },
    reads: [],
    changes: ["tblAppLookup"],
  }),
  auditTrail: operation<{ table: string; key: string }, { data: AuditEntry[] }>({
    method: "GET",
    path: "/API/Audit/",
    summary: "The audit trail of a record (administrators).",
    tag: "Data service",
    grant: "administrators",
    reads: ["auditLog"],
    changes: [],
  }),
  deletedRecords: operation<{ table: string }, { data: DeletedRecord[] }>({
    method: "GET",
    path: "/API/Audit/Deleted",
    summary: `The records of a table deleted and not back since, newest first (the first ${DELETED_SHOWN}), each with who deleted it (administrators).`,
    tag: "Data service",
    grant: "administrators",
    reads: ["auditLog"],
    changes: [],
  }),
  restoreDeleted: operation<{ auditID: number }, { id: number | string }>({
    method: "POST",
    path: "/API/Restore/",
    summary: "Puts a deleted record back from its audit record, with its own key (administrators).",
    tag: "Data service",
    grant: "administrators",
    reads: [],
    // Any table's record, or a removed file's.
    changes: ["*"],
  }),
} as const;
