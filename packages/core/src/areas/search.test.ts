import { describe, expect, it } from "vitest";
import { LOOKUP_GROUPS } from "../lists.js";
import { lookupReference } from "../resources/column.js";
import { whereBuilder } from "../where/build.js";
import { PROJECTS } from "./projects.js";
import {
  criteriaMessages,
  criteriaWhere,
  criterionParams,
  dateRangeRules,
  NONE,
  rangeDefault,
  type SearchCriterion,
} from "./search.js";
import { NOTES_SEARCH, SEARCH_PAGES, STATUS_AUDIT } from "./searches.js";

const w = whereBuilder();
const created = PROJECTS.criteria.find((c) => c.name === "created") as SearchCriterion;
const logged = NOTES_SEARCH.criteria.find((c) => c.name === "logged") as SearchCriterion;

describe("a date range of a search", () => {
  it("takes two names in the address", () => {
    expect(criterionParams(created)).toEqual(["createdFrom", "createdTo"]);
    expect(criterionParams({ name: "name", label: "Name", kind: "contains", columns: ["x"] })).toEqual(["name"]);
  });

  it("needs a start or an end only where it is required (the project search's Created)", () => {
    expect(dateRangeRules(created)).toEqual(["requireddaterange", "daterangevalidformat", "daterange"]);
    expect(dateRangeRules(logged)).toEqual(["daterangevalidformat", "daterange"]);
    expect(criteriaMessages(PROJECTS.criteria, PROJECTS.list, {})).toEqual({ created: "Created is required" });
    expect(criteriaMessages(NOTES_SEARCH.criteria, NOTES_SEARCH.list, {})).toEqual({});
    expect(criteriaMessages(PROJECTS.criteria, PROJECTS.list, { createdTo: "11/23/2026" })).toEqual({});
  });

  it("names a malformed end and a reversed range with the spec's words", () => {
    expect(criteriaMessages(PROJECTS.criteria, PROJECTS.list, { createdFrom: "2026-11-01" })).toEqual({
      created: "Created is not `date` format",
    });
    expect(criteriaMessages(PROJECTS.criteria, PROJECTS.list, { createdFrom: "02/30/2026" })).toEqual({
      created: "Created is not `date` format",
    });
    expect(
      criteriaMessages(PROJECTS.criteria, PROJECTS.list, { createdFrom: "11/23/2026", createdTo: "11/01/2026" }),
    ).toEqual({
      created: "start date must be less than end date",
    });
    expect(criteriaMessages(NOTES_SEARCH.criteria, NOTES_SEARCH.list, { loggedTo: "13/01/2026" })).toEqual({
      logged: "Logged is not `date` format",
    });
  });

  it("searches whole days, from the start of the first to the end of the last", () => {
    expect(
      criteriaWhere(PROJECTS.criteria, PROJECTS.list, { createdFrom: "11/01/2026", createdTo: "11/23/2026" }),
    ).toEqual(w.and(w.and(w.ge("projectCreatedTS", "2026-11-01"), w.lt("projectCreatedTS", "2026-11-24"))));
    expect(criteriaWhere(PROJECTS.criteria, PROJECTS.list, { createdTo: "12/31/2026" })).toEqual(
      w.and(w.and(w.lt("projectCreatedTS", "2027-01-01"))),
    );
  });

  it("joins a range with the other boxes", () => {
    expect(criteriaWhere(PROJECTS.criteria, PROJECTS.list, { status: "62", createdFrom: "01/01/2026" })).toEqual(
      w.and(w.eq("projectLatestStatusCodeID", 62), w.and(w.ge("projectCreatedTS", "2026-01-01"))),
    );
  });
});

describe("the project search", () => {
  it("looks in both source numbers, and finds a client's projects by the client's id", () => {
    expect(criteriaWhere(PROJECTS.criteria, PROJECTS.list, { source: "PO-01", client: "12" })).toEqual(
      w.and(
        w.or(w.contains("projectFirstSourceNumber", "PO-01"), w.contains("projectSecondSourceNumber", "PO-01")),
        w.eq("projectClientID", 12),
      ),
    );
  });

  it("takes a project id as a number, and names one that is not with the number rule's message", () => {
    expect(criteriaWhere(PROJECTS.criteria, PROJECTS.list, { id: "31" })).toEqual(w.and(w.eq("projectID", 31)));
    expect(criteriaWhere(PROJECTS.criteria, PROJECTS.list, { id: "31; drop" })).toBeNull();
    const today = { createdTo: "11/24/2026" };
    expect(criteriaMessages(PROJECTS.criteria, PROJECTS.list, { ...today, id: "31" })).toEqual({});
    for (const id of ["12a", "-3", "1.5", "2147483648", "99999999999"]) {
      expect(criteriaMessages(PROJECTS.criteria, PROJECTS.list, { ...today, id })).toEqual({
        id: "Enter a valid number",
      });
    }
    // A status is picked, not typed: no number rule of its own.
    expect(criteriaMessages(PROJECTS.criteria, PROJECTS.list, { ...today, status: NONE })).toEqual({});
  });

  it("finds the projects with no status by the status box's own choice, and no other box takes it", () => {
    expect(criteriaWhere(PROJECTS.criteria, PROJECTS.list, { status: NONE })).toEqual(
      w.and(w.isNull("projectLatestStatusCodeID")),
    );
    expect(criteriaWhere(PROJECTS.criteria, PROJECTS.list, { category: NONE })).toBeNull();
  });

  it("opens on every project up to today, and the notes search on this week from its Sunday", () => {
    // Tuesday 11/24/2026: its week began on Sunday the 22nd.
    expect(rangeDefault(created, "2026-11-24")).toEqual({ from: "", to: "11/24/2026" });
    expect(rangeDefault(logged, "2026-11-24")).toEqual({ from: "11/22/2026", to: "11/24/2026" });
    expect(rangeDefault(logged, "2026-11-22")).toEqual({ from: "11/22/2026", to: "11/22/2026" });
    expect(rangeDefault(logged, "2027-01-02")).toEqual({ from: "12/27/2026", to: "01/02/2027" });
    const id = PROJECTS.criteria.find((c) => c.name === "id") as SearchCriterion;
    expect(rangeDefault(id, "2026-11-24")).toBeNull();
  });
});

describe("the search pages", () => {
  it("pick a note's type from the note categories, as the note's own column declares", () => {
    const type = NOTES_SEARCH.criteria.find((c) => c.name === "type");
    expect(type?.field ?? NOTES_SEARCH.list.columns.projectNoteCategory?.field).toEqual({
      kind: "reference",
      reference: lookupReference(LOOKUP_GROUPS.noteCategories),
    });
  });

  it("are the notes / time search, the status audit and the card searches, titled by their routes", () => {
    expect(SEARCH_PAGES.map((page) => [page.path, page.title])).toEqual([
      ["/project/pn", "Notes / Time Search"],
      ["/statusaudit", "Status Audit"],
      ["/creditcard/report", "Credit Card Report"],
      ["/creditcard/nonprojectexpenses", "Non-Project Expenses"],
    ]);
  });

  it("total the notes by employee and by project, as the notes view declares", () => {
    expect(NOTES_SEARCH.totals.map((t) => NOTES_SEARCH.list.totals?.by[t.by])).toEqual(["empName", "projectName"]);
    expect(STATUS_AUDIT.totals).toEqual([]);
  });

  it("search the audit by the new status, the employee and the day of the change", () => {
    const values = { status: "62", employee: "4", changedFrom: "11/01/2026" };
    expect(criteriaWhere(STATUS_AUDIT.criteria, STATUS_AUDIT.list, values)).toEqual(
      w.and(w.and(w.ge("createdTS", "2026-11-01")), w.eq("empID", 4), w.eq("projectStatusCodeID", 62)),
    );
  });
});
