import { RECORD_FILES_LISTED, type UploadAnswer, type UploadedFile } from "../calls.js";
import { STATUSES_SET_AT_ONCE, UNDO_MINUTES } from "../constants.js";
import { operation } from "./operation.js";

/** The projects area's own call, a record's files, and the Undo of a delete. */
export const RECORD_OPERATIONS = {
  undoDelete: operation<{ table: string; keys: number[] }, { count: number }>({
    method: "POST",
    path: "/API/Undo/",
    summary: `Puts back, as they were and with their own keys, records the caller deleted in the last ${UNDO_MINUTES} minutes, with what was deleted or unlinked with them (delete on their table). Answers how many of those asked came back.`,
    tag: "Data service",
    reads: [],
    // The table's records, and what its cascades reach.
    changes: ["*"],
  }),
  projectFromPortalOrder: operation<{ portalOrderID: number }, { id: number }>({
    method: "POST",
    path: "/API/PortalOrders/:portalOrderID/Project",
    summary: "Makes an approved portal order a project, in one step; answers the project's id.",
    tag: "Projects",
    reads: [],
    // The order, the project and its first status (which changes the project too).
    changes: ["tblProject", "tblPortalOrder", "tblProjectStatus"],
  }),
  setProjectsStatus: operation<{ projectIDs: number[]; projectStatusCodeID: number }, { count: number }>({
    method: "POST",
    path: "/API/Projects/Status",
    summary: `Sets one status on several projects at once (at most ${STATUSES_SET_AT_ONCE}; add on the status history): a status row each, all or none, each audited, each project's owner told. The status must be one of the list's and each project one that exists (a 400 naming the field otherwise). Answers how many were set.`,
    tag: "Projects",
    reads: [],
    // The history, and each project's latest status (kept by the database).
    changes: ["tblProjectStatus", "tblProject"],
  }),
  recordFiles: operation<{ table: string; key: string }, { data: UploadedFile[] }>({
    method: "GET",
    path: "/API/Upload/",
    summary: `The files of a record, oldest first, the first ${RECORD_FILES_LISTED} (view on its table).`,
    tag: "Files",
    reads: ["upload"],
    changes: [],
  }),
  attachFile: operation<{ table: string; key: string; file: File }, UploadAnswer>({
    method: "POST",
    path: "/API/Upload/",
    form: true,
    summary: "Attaches a file to a record (change on its table; allowed types, checked by content).",
    tag: "Files",
    reads: [],
    changes: ["upload"],
  }),
  fileBytes: operation<{ uploadID: string }, Blob>({
    method: "GET",
    path: "/API/Upload/:uploadID",
    bytes: true,
    summary: "One file, as an attachment (view on its record's table).",
    tag: "Files",
    reads: ["upload"],
    changes: [],
  }),
  removeFile: operation<{ uploadID: string }, { status: "success" }>({
    method: "DELETE",
    path: "/API/Upload/:uploadID",
    summary:
      "Removes a file from its record (change on its table). Its record is kept in the audit trail, and its bytes, so an administrator can restore it.",
    tag: "Files",
    reads: [],
    changes: ["upload"],
  }),
} as const;
