import { TOAST_MS } from "./constants.js";

/** A toast (docs/product-rules.md#toasts): its words, its look and how long it stays. */
export interface Toast {
  kind: "success" | "failure" | "info";
  title?: string;
  message: string;
  ms: number;
}

const failure = (title: string, message: string, ms: number = TOAST_MS.failure): Toast => ({
  kind: "failure",
  title,
  message,
  ms,
});
const success = (title: string, message: string): Toast => ({ kind: "success", title, message, ms: TOAST_MS.success });

const TOAST_UPDATED = success("Record Updated", "Record updated successfully!");

/** Every toast of docs/product-rules.md#toasts, in its exact words. */
export const TOASTS = {
  loginFailed: failure("Login Failed", "Username or Password is incorrect!", TOAST_MS.loginFailure),
  insertFailed: failure("Failed Insert", "Record insert is Failed!"),
  updateFailed: failure("Failed Update", "Record update is Failed!"),
  deleteFailed: failure("Failed Delete", "Record delete is Failed!"),
  inserted: success("Record Inserted", "Record inserted successfully!"),
  updated: TOAST_UPDATED,
  deleted: success("Record Deleted", "Record deleted successfully!"),
  /** Ours: a delete undone (its toast's Undo), or refused (too late, say). */
  restored: success("Record Restored", "The deleted record is back."),
  restoreFailed: (why: string) => failure("Failed Undo", why),
  copied: (value: string): Toast => ({ kind: "info", message: `${value} copied`, ms: TOAST_MS.copy }),
  /** Ours: the browser refused the clipboard (a page not served over https, say). */
  copyFailed: (value: string) => failure("Copy Failed", `${value} could not be copied; select it and copy it by hand.`),
  /** Ours: a card request decided from the inbox, or a decision the server refused (and why). */
  decided: (what: string): Toast => ({ kind: "success", title: "Decision Saved", message: what, ms: TOAST_MS.success }),
  decisionFailed: (why: string) => failure("Failed Decision", why),
  /** Ours: several requests approved at once; those refused (changed or decided meanwhile) say the first reason. */
  approvedSeveral: (approved: number, refused: number, why: string | null): Toast =>
    refused === 0
      ? success("Decision Saved", `Approved ${approved} request${approved === 1 ? "" : "s"}.`)
      : failure(
          "Failed Decision",
          `Approved ${approved} of ${approved + refused}; ${refused} could not be${why ? `: ${why}` : "."}`,
        ),
  /** Ours: an occurrence and those after it changed, and what changed on its own among them dropped. */
  followingChanged: (dropped: number) =>
    dropped === 0
      ? TOAST_UPDATED
      : success(
          "Record Updated",
          `Record updated successfully! ${dropped} occurrence${dropped === 1 ? "" : "s"} changed on ${dropped === 1 ? "its" : "their"} own ${dropped === 1 ? "was" : "were"} dropped.`,
        ),
  /** Ours: a request to use a card sent: to its holder, or (one's own card) on to an over-limit approver. */
  asked: success("Request Sent", "Your request to use the card was sent."),
  askedOverLimit: success(
    "Request Sent",
    "Your own card's use is approved; the amount is over the month's limit, so an over-limit approver decides.",
  ),
  /** Ours: a request on one's own card within its month, approved at once: its code. */
  askApproved: (code: string) => success("Request Approved", `Approved: code ${code}.`),
  askFailed: (why: string) => failure("Failed Request", why),
  /** Ours: a receipt attached to a charge, or refused (its type, say). */
  receiptAttached: success("Receipt Attached", "The receipt was attached to the charge."),
  receiptFailed: (why: string) => failure("Failed Upload", why),
  /** Ours: a file attached to a record, or removed from it (the audit trail keeps it). */
  fileAttached: (name: string) => success("File Attached", `${name} was attached.`),
  fileRemoved: (name: string) => success("File Removed", `${name} was removed.`),
  fileFailed: (why: string) => failure("Failed File", why),
  /** The truck button (spec 4, 8): the run asked for, one already under way, the run done; or ours, refused. */
  trackingStarted: {
    kind: "info",
    message:
      "Tracking Shipping Projects is running and may take a couple of minutes. You can either wait or navigate to other pages.",
    ms: TOAST_MS.tracking,
  } as Toast,
  trackingRunning: { kind: "info", message: "The process is running!", ms: TOAST_MS.tracking } as Toast,
  trackingCompleted: { kind: "success", message: "Process Completed", ms: TOAST_MS.tracking } as Toast,
  trackingFailed: (why: string) => failure("Tracking Failed", why),
  /** Ours: a backup asked for on Administration's Backups tab, or one already under way. */
  backupStarted: success(
    "Backup Started",
    "The company is being backed up, then restored into a scratch database and compared.",
  ),
  backupRunning: { kind: "info", message: "A backup is already under way.", ms: TOAST_MS.tracking } as Toast,
  backupFailed: (why: string) => failure("Failed Backup", why),
  /** An API answer of 500: an error with code 500 shows as a toast, not the error page. */
  applicationError: (message: string) => failure("Application Error", message),
} as const;
