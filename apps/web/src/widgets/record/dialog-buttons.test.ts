import { describe, expect, it } from "vitest";
import { dialogButtons } from "./dialog-buttons";

const all = { add: true, change: true, del: true };
const none = { add: false, change: false, del: false };
const labels = (buttons: ReturnType<typeof dialogButtons>) => buttons.map((b) => b.label);

describe("the record dialog's buttons in each mode", () => {
  it("INSERT shows Cancel and Insert, Insert only with the add flag", () => {
    expect(labels(dialogButtons("INSERT", all))).toEqual(["Cancel", "Insert"]);
    expect(labels(dialogButtons("INSERT", { ...all, add: false }))).toEqual(["Cancel"]);
  });

  it("UPDATE shows Delete and Update, Delete only with del, Update only with change", () => {
    expect(labels(dialogButtons("UPDATE", all))).toEqual(["Delete", "Update"]);
    expect(labels(dialogButtons("UPDATE", { ...all, del: false }))).toEqual(["Update"]);
    expect(labels(dialogButtons("UPDATE", { ...all, change: false }))).toEqual(["Delete"]);
    expect(dialogButtons("UPDATE", none)).toEqual([]);
  });

  it("SELECT shows Select, enabled only when something is selected", () => {
    expect(dialogButtons("SELECT", none)).toEqual([{ action: "select", label: "Select", disabled: true }]);
    expect(dialogButtons("SELECT", none, true)).toEqual([{ action: "select", label: "Select", disabled: false }]);
  });

  it("SAVE&SELECT saves and selects, with the add flag only", () => {
    expect(dialogButtons("SAVE&SELECT", all)).toEqual([{ action: "saveSelect", label: "Save & Select" }]);
    expect(dialogButtons("SAVE&SELECT", { ...all, add: false })).toEqual([]);
  });
});
