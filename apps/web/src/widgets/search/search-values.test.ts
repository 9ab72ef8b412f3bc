import { NOTES_SEARCH, PROJECTS, type SearchCriterion } from "@office/core";
import { describe, expect, it } from "vitest";
import { forgetSearches, rememberedSearch, rememberSearch } from "../../services/remembered-searches";
import { addressValues, isBare, needsToday, paramNames, searchAddress, withoutDefaults } from "./search-values";

const criteria: readonly SearchCriterion[] = [
  { name: "name", label: "Name", kind: "contains", columns: ["projectName"] },
  {
    name: "created",
    label: "Created",
    kind: "dateRange",
    columns: ["projectCreatedTS"],
    required: true,
    otherwise: "untilToday",
  },
  { name: "logged", label: "Logged", kind: "dateRange", columns: ["createdTS"] },
];
// Saturday 07/04/2026; its week began on Sunday 06/28.
const today = "2026-07-04";

describe("a search's values in the address", () => {
  it("names a range's two ends", () => {
    expect(paramNames(criteria)).toEqual(["name", "createdFrom", "createdTo", "loggedFrom", "loggedTo"]);
  });

  it("gives a range with a default that default when the address gives neither end, and only then", () => {
    const bare = addressValues(criteria, new URLSearchParams(), today);
    expect(bare).toEqual({ name: "", createdFrom: "", createdTo: "07/04/2026", loggedFrom: "", loggedTo: "" });
    const linked = addressValues(criteria, new URLSearchParams("name=Atlas"), today);
    expect(linked.createdTo).toBe("07/04/2026");
    const given = addressValues(criteria, new URLSearchParams("createdFrom=01/01/2026"), today);
    expect(given).toMatchObject({ createdFrom: "01/01/2026", createdTo: "" });
    const notes = addressValues(NOTES_SEARCH.criteria, new URLSearchParams("employee=4"), today);
    expect(notes).toMatchObject({ employee: "4", loggedFrom: "06/28/2026", loggedTo: "07/04/2026" });
  });

  it("leaves a range that is its default out of the address, so that it means today on a later day too", () => {
    const values = { name: "Atlas", createdFrom: "", createdTo: "07/04/2026", loggedTo: "07/04/2026" };
    expect(withoutDefaults(criteria, values, today)).toEqual({ name: "Atlas", loggedTo: "07/04/2026" });
    // A range typed otherwise is the user's, kept as typed.
    const typed = { createdFrom: "07/01/2026", createdTo: "07/04/2026" };
    expect(withoutDefaults(criteria, typed, today)).toEqual(typed);
    expect(withoutDefaults(criteria, { createdTo: "07/03/2026" }, today)).toEqual({ createdTo: "07/03/2026" });
    const week = { loggedFrom: "06/28/2026", loggedTo: "07/04/2026", employee: "4" };
    expect(withoutDefaults(NOTES_SEARCH.criteria, week, today)).toEqual({ employee: "4" });
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
    expect(needsToday(NOTES_SEARCH.criteria)).toBe(true);
  });
});

/** A Storage over a Map, as the browser's sessionStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe("the remembered searches", () => {
  it("keep one search a page, forget an empty one, and are all forgotten at sign-out, and only they", () => {
    const storage = memoryStorage();
    storage.setItem("office.chunkReload", "1");
    rememberSearch("/project", new URLSearchParams("id=5"), storage);
    rememberSearch("/project/pn", new URLSearchParams("employee=4"), storage);
    rememberSearch("/statusaudit", new URLSearchParams("status=62"), storage);
    expect(rememberedSearch("/project", storage)).toBe("id=5");
    rememberSearch("/statusaudit", new URLSearchParams(), storage);
    expect(rememberedSearch("/statusaudit", storage)).toBeNull();
    forgetSearches(storage);
    expect(rememberedSearch("/project", storage)).toBeNull();
    expect(rememberedSearch("/project/pn", storage)).toBeNull();
    expect(storage.getItem("office.chunkReload")).toBe("1");
  });
});
