import { isDated, REPORT_LIST, type ReportDeclaration, type ReportQuery, reportById } from "@office/core";

/** A report as the page's address names it: `?report=hours&by=month&from=…&to=…&where=…&asOf=…`. */
export interface ReportAddress {
  report: ReportDeclaration;
  query: ReportQuery;
}

const PARTS = ["by", "from", "to", "where", "asOf"] as const;

/** The report and its call from the address (a link is the view); the first report when none is named. */
export function reportAddressOf(search: URLSearchParams): ReportAddress {
  const report = reportById(search.get("report") ?? "") ?? (REPORT_LIST[0] as ReportDeclaration);
  const query: ReportQuery = {};
  for (const part of PARTS) {
    const value = search.get(part);
    if (value !== null && value !== "") query[part] = value;
  }
  return { report, query };
}

/** The address of a report's call: only what is said (defaults are the server's), in a fixed order. */
export function reportSearch({ report, query }: ReportAddress): URLSearchParams {
  const search = new URLSearchParams({ report: report.id });
  for (const part of PARTS) {
    const value = query[part];
    if (value) search.set(part, value);
  }
  return search;
}

/**
 * A change of report keeps what still applies: the range, not a grouping or a filter of the
 * other report's rows, nor an as-of day where the report keeps none.
 */
export function switchedReport(from: ReportAddress, report: ReportDeclaration): ReportAddress {
  const { from: start, to, asOf } = from.query;
  const dated = isDated(report);
  return {
    report,
    query: {
      ...(dated && start ? { from: start } : {}),
      ...(dated && to ? { to } : {}),
      ...(report.asOf && asOf ? { asOf } : {}),
    },
  };
}
