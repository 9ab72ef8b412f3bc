import { PROJECTS, type SearchCriterion } from "@office/core";
import { describe, expect, it } from "vitest";
import { addressValues, isBare, needsToday, paramNames, searchAddress } from "./search-values";

const criteria: readonly SearchCriterion[] = [
  { name: "name", label: "Name", kind: "contains", columns: ["projectName"] },
  { name: "created", label: "Created", kind: "dateRange", columns: ["projectCreatedTS"], required: true },
  { name: "logged", label: "Logged", kind: "dateRange", columns: ["createdTS"] },
];

describe("a search's values in the address", () => {
  it("names a range's two ends", () => {
    expect(paramNames(criteria)).toEqual(["name", "createdFrom", "createdTo", "loggedFrom", "loggedTo"]);
  });

  it("ends a required range today when the address gives neither end, and only then", () => {
    const bare = addressValues(criteria, new URLSearchParams(), "07/04/2026");
    expect(bare).toEqual({ name: "", createdFrom: "", createdTo: "07/04/2026", loggedFrom: "", loggedTo: "" });
    const linked = addressValues(criteria, new URLSearchParams("name=Atlas"), "07/04/2026");
    expect(linked.createdTo).toBe("07/04/2026");
    const given = addressValues(criteria, new URLSearchParams("createdFrom=01/01/2026"), "07/04/2026");
    expect(given).toMatchObject({ createdFrom: "01/01/2026", createdTo: "" });
  });

  it("writes the filled boxes as typed, in the criteria's order", () => {
    const address = searchAddress(criteria, { loggedTo: "02/01/2026", name: " Atlas ", createdFrom: "  " });
    expect(address.toString()).toBe("name=+Atlas+&loggedTo=02%2F01%2F2026");
  });

  it("knows a bare address and a search that needs today", () => {
    expect(isBare(criteria, new URLSearchParams("other=1&name="))).toBe(true);
    expect(isBare(criteria, new URLSearchParams("loggedFrom=01/01/2026"))).toBe(false);
    expect(needsToday(criteria)).toBe(true);
    expect(needsToday(criteria.slice(2))).toBe(false);
    expect(needsToday(PROJECTS.criteria)).toBe(true);
  });
});
