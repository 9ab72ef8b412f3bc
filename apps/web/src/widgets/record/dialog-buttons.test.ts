import { describe, expect, it } from "vitest";
import { dialogButtons } from "./dialog-buttons";

const all = { insert: true, update: true, delete: true };
const none = { insert: false, update: false, delete: false };
const labels = (buttons: ReturnType<typeof dialogButtons>) => buttons.map((b) => b.label);

describe("the record dialog's buttons in each mode", () => {
  it("INSERT shows Cancel and Insert, Insert only with the insert permission", () => {
    expect(labels(dialogButtons("INSERT", all))).toEqual(["Cancel", "Insert"]);
    expect(labels(dialogButtons("INSERT", { ...all, insert: false }))).toEqual(["Cancel"]);
  });

  it("UPDATE shows Delete and Update, each only with its permission", () => {
    expect(labels(dialogButtons("UPDATE", all))).toEqual(["Delete", "Update"]);
    expect(labels(dialogButtons("UPDATE", { ...all, delete: false }))).toEqual(["Update"]);
    expect(labels(dialogButtons("UPDATE", { ...all, update: false }))).toEqual(["Delete"]);
    expect(dialogButtons("UPDATE", none)).toEqual([]);
  });

  it("SELECT shows Select, enabled only when something is selected", () => {
    expect(dialogButtons("SELECT", none)).toEqual([{ action: "select", label: "Select", disabled: true }]);
    expect(dialogButtons("SELECT", none, true)).toEqual([{ action: "select", label: "Select", disabled: false }]);
  });

  it("SAVE&SELECT saves and selects, with the insert permission only", () => {
    expect(dialogButtons("SAVE&SELECT", all)).toEqual([{ action: "saveSelect", label: "Save & Select" }]);
    expect(dialogButtons("SAVE&SELECT", { ...all, insert: false })).toEqual([]);
  });
});
