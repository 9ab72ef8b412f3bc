import { vwCardCharges } from "../resources/card-views.js";
import { vwProjectList, vwProjectNoteSearch } from "../resources/project-views.js";
import { tblCC } from "../resources/tblCC.js";
import { tblProjectStatus } from "../resources/tblProjectStatus.js";
import { declareReport, type ReportDeclaration, type StatusHistory } from "./report.js";

/** A project's status history: each row its status from its time on (tblProjectStatus). */
const PROJECT_STATUSES: StatusHistory = {
  table: tblProjectStatus,
  record: "projectID",
  status: "projectStatusCodeID",
  at: "createdTS",
};

/** Hours logged in time notes (the notes search's rows, with their names). */
const HOURS = declareReport({
  id: "hours",
  title: "Hours",
  description: "Hours logged in time notes, by employee, project, category or month.",
  resource: vwProjectNoteSearch,
  measure: { kind: "sum", column: "ProjectNotesMinutes", unit: "hours" },
  dateColumn: "createdTS",
  groupings: [
    { name: "employee", title: "By Employee", by: { column: "empID", label: "empName" }, chart: "bar", order: "total" },
    {
      name: "project",
      title: "By Project",
      by: { column: "projectID", label: "projectName" },
      chart: "bar",
      order: "total",
    },
    {
      name: "category",
      title: "By Category",
      by: { column: "projectNoteCategory", label: "categoryName" },
      chart: "bar",
      order: "total",
    },
    { name: "month", title: "By Month", by: "month", chart: "line", order: "label" },
  ],
});

/** How many projects stood in each status, from their status history. */
const PROJECT_STATUS = declareReport({
  id: "projectStatus",
  title: "Projects by Status",
  description:
    "How many projects were in each status: at the end of the range (or of the day asked as of), or at each month's end.",
  resource: vwProjectList,
  measure: { kind: "inStatus", history: PROJECT_STATUSES },
  groupings: [
    { name: "status", title: "By Status", by: "status", chart: "bar", order: "total" },
    { name: "month", title: "Over Time", by: "month", chart: "area", order: "label" },
  ],
  asOf: { from: "history", table: "tblProjectStatus" },
});

/** The days projects spent in each status within the range. */
const TIME_IN_STATUS = declareReport({
  id: "timeInStatus",
  title: "Time in Status",
  description: "The days projects spent in each status within the range: in all, and by project.",
  resource: vwProjectList,
  measure: { kind: "daysInStatus", history: PROJECT_STATUSES },
  groupings: [
    { name: "status", title: "By Status", by: "status", chart: "bar", order: "total" },
    {
      name: "project",
      title: "By Project",
      by: { column: "projectID", label: "projectName" },
      chart: "bar",
      order: "total",
    },
  ],
});

/** What was charged to the company's cards. */
const CARD_SPENDING = declareReport({
  id: "cardSpending",
  title: "Card Spending",
  description: "What was charged to the company's cards, by month, card, employee who spent or card holder.",
  resource: vwCardCharges,
  measure: { kind: "sum", column: "ccChargeAmount", unit: "money" },
  dateColumn: "ccChargeDate",
  groupings: [
    {
      name: "month",
      title: "By Month",
      by: { column: "ccChargeMonth", label: "ccChargeMonth" },
      chart: "line",
      order: "label",
    },
    { name: "card", title: "By Card", by: { column: "ccID", label: "cardLabel" }, chart: "bar", order: "total" },
    {
      name: "employee",
      title: "By Employee",
      by: { column: "empID", label: "spenderName" },
      chart: "bar",
      order: "total",
    },
    {
      name: "holder",
      title: "By Holder",
      by: { column: "holderEmpID", label: "holderName" },
      chart: "bar",
      order: "total",
    },
  ],
});

/** The cards' monthly limits: a state, so no range, but asked as of a past day (a statement's). */
const CARD_LIMITS = declareReport({
  id: "cardLimits",
  title: "Card Limits",
  description: "The cards' monthly limits by card, holder or status; as they were at the end of a past day with as of.",
  resource: tblCC,
  measure: { kind: "sum", column: "ccMonthlyLimit", unit: "money" },
  groupings: [
    { name: "card", title: "By Card", by: { column: "ccID", label: "ccName" }, chart: "bar", order: "total" },
    { name: "holder", title: "By Holder", by: { column: "empID" }, chart: "bar", order: "total" },
    { name: "status", title: "By Status", by: { column: "ccStatus" }, chart: "bar", order: "total" },
  ],
  asOf: { from: "audit", table: "tblCC", created: "createdTS" },
});

/** Every report, by its id (page 25, /reports). */
export const REPORTS = {
  hours: HOURS,
  projectStatus: PROJECT_STATUS,
  timeInStatus: TIME_IN_STATUS,
  cardSpending: CARD_SPENDING,
  cardLimits: CARD_LIMITS,
} as const satisfies Record<string, ReportDeclaration>;

export type ReportId = keyof typeof REPORTS;

/** The reports in the order the page lists them. */
export const REPORT_LIST: readonly ReportDeclaration[] = Object.values(REPORTS);

export const REPORT_IDS = Object.keys(REPORTS) as [ReportId, ...ReportId[]];

/** Every grouping's name, of any report (what `by` may be at all). */
export const GROUPING_NAMES = [
  ...new Set(REPORT_LIST.flatMap((def) => def.groupings.map((grouping) => grouping.name))),
] as [string, ...string[]];

/** A report by its id, if there is one. */
export function reportById(id: string): ReportDeclaration | undefined {
  return Object.hasOwn(REPORTS, id) ? REPORTS[id as ReportId] : undefined;
}
