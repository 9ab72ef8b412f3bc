import { describe, expect, it } from "vitest";
import { FIRST_VIEW, readListView, writeListView } from "./list-address";

const columns = ["projectName", "projectDueDate"];

describe("a list's view in the address", () => {
  it("reads back what it wrote", () => {
    const view = { search: "oak hill", sorting: [{ id: "projectDueDate", desc: true }], pageIndex: 2, all: false };
    const params = writeListView(new URLSearchParams("name=Oak"), view);
    expect(params.toString()).toBe("name=Oak&q=oak+hill&sort=-projectDueDate&page=3");
    expect(readListView(params, columns)).toEqual(view);
  });

  it("leaves out what is as a list opens", () => {
    expect(writeListView(new URLSearchParams("q=x&page=4&rows=all"), FIRST_VIEW).toString()).toBe("");
    expect(readListView(new URLSearchParams(""), columns)).toEqual(FIRST_VIEW);
  });

  it.each([
    ["sort=secret", "a column the list does not show"],
    ["sort=-", "no column"],
    ["sort=projectName;drop", "not a name"],
    ["page=0", "a page before the first"],
    ["page=-3", "a negative page"],
    ["page=2.5", "part of a page"],
    ["page=1e9", "a page no list has"],
    ["rows=everything", "an unknown row count"],
  ])("ignores %s (%s)", (address) => {
    expect(readListView(new URLSearchParams(address), columns)).toEqual(FIRST_VIEW);
  });

  it("keeps a search typed into the address to a bounded length", () => {
    expect(readListView(new URLSearchParams(`q=${"x".repeat(5000)}`), columns).search).toHaveLength(200);
  });
});
