import { describe, expect, it } from "vitest";
import { REPORT_OPERATIONS } from "../operations/reports.js";
import { vwCardCharges } from "../resources/card-views.js";
import { RESOURCES } from "../resources/index.js";
import { vwProjectNoteSearch } from "../resources/project-views.js";
import { tblCC } from "../resources/tblCC.js";
import { averageOf, chartValue, unitOf } from "./answer.js";
import { GROUPING_NAMES, REPORT_IDS, REPORT_LIST, REPORTS, reportById } from "./catalogue.js";
import { columnNames, declareReport, groupingOf, historyOf, isDated, type ReportDeclaration } from "./report.js";

const groupings = (def: ReportDeclaration) => def.groupings.map((g) => [g.name, g.chart]);

describe("the reports' declarations", () => {
  it("are the issue's three and card limits, with their groupings and charts", () => {
    expect(REPORT_IDS).toEqual(["hours", "projectStatus", "timeInStatus", "cardSpending", "cardLimits"]);
    expect(groupings(REPORTS.hours)).toEqual([
      ["employee", "bar"],
      ["project", "bar"],
      ["category", "bar"],
      ["month", "line"],
    ]);
    expect(groupings(REPORTS.projectStatus)).toEqual([
      ["status", "bar"],
      ["month", "area"],
    ]);
    expect(groupings(REPORTS.timeInStatus)).toEqual([
      ["status", "bar"],
      ["project", "bar"],
    ]);
    expect(groupings(REPORTS.cardSpending).map(([name]) => name)).toEqual(["month", "card", "employee", "holder"]);
    expect(groupings(REPORTS.cardLimits).map(([name]) => name)).toEqual(["card", "holder", "status"]);
  });

  it("are each of a resource the data service serves, totalled as the resource declares where it does", () => {
    for (const def of REPORT_LIST) {
      expect(RESOURCES.get(def.resource.name)).toBe(def.resource);
      const totals = def.resource.totals;
      if (!totals || def.measure.kind !== "sum") continue;
      // A grouping of a column the resource is totalled by is named as its totals name it, so
      // GET /API/Totals/ and the report agree on every group.
      for (const { by } of def.groupings) {
        if (typeof by !== "object" || totals.by[by.column] === undefined) continue;
        expect(by.label, `${def.id} by ${by.column}`).toBe(totals.by[by.column]);
        expect(totals.sum).toBe(def.measure.column);
      }
    }
  });

  it("name their groups: by a column of the rows, or the grouped column's reference or choices", () => {
    const holder = groupingOf(REPORTS.cardLimits, "holder")?.by;
    const status = groupingOf(REPORTS.cardLimits, "status")?.by;
    expect(holder).toEqual({ column: "empID" });
    expect(columnNames(tblCC.columns.empID)).toMatchObject({
      kind: "reference",
      reference: { table: "vwEmployeeDirectory", value: "empID", label: "empName" },
    });
    expect(status).toEqual({ column: "ccStatus" });
    expect(columnNames(tblCC.columns.ccStatus)).toMatchObject({
      kind: "choices",
      options: [{ label: "Active" }, { label: "Frozen" }, { label: "Closed" }],
    });
  });

  it("take a range of their date column, or of their history; card limits, a state, none", () => {
    expect(REPORT_LIST.filter(isDated).map((def) => def.id)).toEqual([
      "hours",
      "projectStatus",
      "timeInStatus",
      "cardSpending",
    ]);
    expect(historyOf(REPORTS.timeInStatus.measure)?.table.name).toBe("tblProjectStatus");
  });

  it("are asked as of a past day where they keep one: card limits from the audit trail, statuses from their history", () => {
    expect(REPORT_LIST.filter((def) => def.asOf).map((def) => [def.id, def.asOf?.from, def.asOf?.table])).toEqual([
      ["projectStatus", "history", "tblProjectStatus"],
      ["cardLimits", "audit", "tblCC"],
    ]);
  });

  it("know every grouping's name for the call's schema, and find a report by id alone", () => {
    expect(GROUPING_NAMES).toEqual(
      expect.arrayContaining(["employee", "project", "category", "month", "status", "card", "holder"]),
    );
    expect(reportById("hours")).toBe(REPORTS.hours);
    expect(reportById("toString")).toBeUndefined();
    expect(reportById("nothing")).toBeUndefined();
  });

  it("declare the call's reads: every table and view a report's answer is made of", () => {
    expect(REPORT_OPERATIONS.report.reads).toEqual(
      expect.arrayContaining([
        "vwProjectNoteSearch",
        "tblProjectNotes",
        "vwCardCharges",
        "tblCCCharge",
        "vwProjectList",
        "tblProjectStatus",
        "tblAppLookup",
        "tblCC",
        "vwEmployeeDirectory",
      ]),
    );
    expect(REPORT_OPERATIONS.report.changes).toEqual([]);
  });
});

describe("a report declared wrongly", () => {
  const base: ReportDeclaration = {
    id: "wrong",
    title: "Wrong",
    description: "",
    resource: vwCardCharges,
    measure: { kind: "sum", column: "ccChargeAmount", unit: "money" },
    dateColumn: "ccChargeDate",
    groupings: [
      { name: "card", title: "By Card", by: { column: "ccID", label: "cardLabel" }, chart: "bar", order: "total" },
    ],
  };

  it("fails as it is made, naming what is wrong", () => {
    expect(() => declareReport(base)).not.toThrow();
    expect(() => declareReport({ ...base, measure: { kind: "sum", column: "nothing", unit: "money" } })).toThrow(
      /its sum nothing is not a readable column of vwCardCharges/,
    );
    expect(() => declareReport({ ...base, dateColumn: "ccChargeMerchant" })).toThrow(/is not a date/);
    const grouping = base.groupings[0] as ReportDeclaration["groupings"][number];
    expect(() => declareReport({ ...base, groupings: [grouping, grouping] })).toThrow(/card is declared twice/);
    expect(() => declareReport({ ...base, groupings: [{ ...grouping, by: { column: "ccChargeMerchant" } }] })).toThrow(
      /nothing names the groups of card/,
    );
    expect(() => declareReport({ ...base, groupings: [{ ...grouping, by: "status" }] })).toThrow(
      /has no status history/,
    );
    const { dateColumn: _, ...undated } = base;
    expect(() => declareReport({ ...undated, groupings: [{ ...grouping, by: "month" }] })).toThrow(/has no dates/);
    // Rows as of a day are a table's, replayed: a view's rows are not audited.
    expect(() => declareReport({ ...base, asOf: { from: "audit", table: "vwCardCharges" } })).toThrow(
      /its own table's/,
    );
    expect(() => declareReport({ ...base, resource: vwProjectNoteSearch })).toThrow(/not a readable column/);
  });
});

describe("a report's values", () => {
  it("are charted in hours for minutes, as numbers for amounts, and averaged per row", () => {
    expect(unitOf(REPORTS.hours)).toBe("hours");
    expect(chartValue(REPORTS.hours, 90)).toBe(1.5);
    expect(chartValue(REPORTS.hours, 20)).toBe(0.33);
    expect(chartValue(REPORTS.cardSpending, "1234.50")).toBe(1234.5);
    expect(unitOf(REPORTS.projectStatus)).toBe("projects");
    expect(unitOf(REPORTS.timeInStatus)).toBe("days");
    expect(averageOf({ count: 3, total: 10 })).toBe(3.33);
    expect(averageOf({ count: 0, total: 0 })).toBe(0);
  });
});
