import { describe, expect, it } from "vitest";
import { mayWriteRow, type PermissionRow, writeReach } from "./access.js";
import { PAGES } from "./pages.js";
import { tblCCCharge } from "./resources/tblCCCharge.js";
import { tblClient } from "./resources/tblClient.js";
import { tblProjectNotes } from "./resources/tblProjectNotes.js";

const row = (page: number, flags: string): PermissionRow => ({
  permissionPageID: page,
  permissionView: flags.includes("v") ? 1 : 0,
  permissionAdd: flags.includes("a") ? 1 : 0,
  permissionChange: flags.includes("c") ? 1 : 0,
  permissionDel: flags.includes("d") ? 1 : 0,
});

describe("how far a change or delete reaches", () => {
  const logsTime = [row(PAGES.notes, "a"), row(PAGES.notesTimeSearch, "v")];

  it.each([
    ["no permission rows", [], "accessDenied", "accessDenied"],
    ["rows, none on the notes pages", [row(PAGES.home, "v")], "denied", "denied"],
    ["the right to log time: their own notes", logsTime, "own", "own"],
    [
      "change on Notes / Time Search: everyone's notes to change, their own to delete",
      [...logsTime.slice(0, 1), row(PAGES.notesTimeSearch, "vc")],
      "all",
      "own",
    ],
    ["delete on Notes: everyone's to delete", [row(PAGES.notes, "ad")], "own", "all"],
    [
      "change on Notes / Time Search without the right to log time",
      [row(PAGES.notesTimeSearch, "vc")],
      "all",
      "denied",
    ],
    ["an administrator who may log time", [...logsTime, row(PAGES.administrator, "v")], "all", "all"],
    ["administrators' view without the right to log time", [row(PAGES.administrator, "v")], "denied", "denied"],
  ] as const)("a time note, for %s", (_, permissions, change, del) => {
    expect(writeReach(permissions, tblProjectNotes, "change")).toBe(change);
    expect(writeReach(permissions, tblProjectNotes, "del")).toBe(del);
  });

  it("is every row or none where rows are nobody's (a client)", () => {
    expect(writeReach([row(PAGES.clients, "vc")], tblClient, "change")).toBe("all");
    expect(writeReach([row(PAGES.clients, "vc")], tblClient, "del")).toBe("denied");
  });

  it("tells a row of one's own from a colleague's, and leaves to the server a row its record's owner reaches", () => {
    const mine = { projectNotesID: 1, empID: 7 };
    const theirs = { projectNotesID: 2, empID: 8 };
    expect(mayWriteRow(logsTime, tblProjectNotes, "change", 7, mine)).toBe(true);
    expect(mayWriteRow(logsTime, tblProjectNotes, "del", 7, theirs)).toBe(false);
    expect(mayWriteRow(logsTime, tblProjectNotes, "change", null, mine)).toBe(false);
    expect(mayWriteRow([row(PAGES.notesTimeSearch, "vcd")], tblProjectNotes, "del", 7, theirs)).toBe(true);
    // A charge: its spender's, or its card holder's, whom the row does not name: the server decides.
    const anyone = [row(PAGES.home, "v")];
    expect(writeReach(anyone, tblCCCharge, "change")).toBe("own");
    expect(mayWriteRow(anyone, tblCCCharge, "change", 7, { ccChargeID: 1, empID: 8 })).toBe(true);
    expect(writeReach([row(PAGES.creditCardApprovals, "v")], tblCCCharge, "change")).toBe("all");
  });
});
