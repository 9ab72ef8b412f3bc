import type { ReportAnswer } from "../reports/answer.js";
import { REPORT_MAX_YEARS, type ReportInput } from "../reports/call.js";
import { REPORT_LIST } from "../reports/catalogue.js";
import { columnNames, historyOf, type ReportDeclaration } from "../reports/report.js";
import type { Resource } from "../resources/resource.js";
import { operation } from "./operation.js";

/** The table a column's values are named from, if a reference names them. */
const namesTable = (resource: Resource, column: string) => {
  const names = columnNames(resource.columns[column]);
  return names?.kind === "reference" ? [names.reference.table] : [];
};

/** What a report's answer is made of: its rows (and what they read), its history, and what names its groups. */
function readsOf(report: ReportDeclaration): string[] {
  const history = historyOf(report.measure);
  return [
    report.resource.name,
    ...(report.resource.reads ?? []),
    ...(history ? [history.table.name, ...namesTable(history.table, history.status)] : []),
    ...report.groupings.flatMap(({ by }) =>
      typeof by === "object" && by.label === undefined ? namesTable(report.resource, by.column) : [],
    ),
  ];
}

/** The reports' call (page 25, issue 37). */
export const REPORT_OPERATIONS = {
  report: operation<ReportInput, ReportAnswer>({
    method: "GET",
    path: "/API/Reports/:report",
    summary: `A report's totals (view on Reports, page 25, and on the rows it is made of): its rows grouped by \`by\` (one of the report's groupings, its first by default), of the days from \`from\` to \`to\` (at most ${REPORT_MAX_YEARS} years; by default the twelve months up to today) where the where matches, under the rights and row rules of a Query; with \`asOf\`, over its rows as they were at the end of that day (the reports that keep them: card limits from the audit trail, projects by status from their history).`,
    tag: "Reports",
    grant: "reportReaders",
    reads: [...new Set(REPORT_LIST.flatMap(readsOf))],
    changes: [],
  }),
} as const;
