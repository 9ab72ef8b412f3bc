import type { TotalsOrder } from "../calls.js";
import { PAGES, type PageId } from "../pages.js";
import { vwCardCharges, vwNonProjectExpenses } from "../resources/card-views.js";
import type { FieldKind } from "../resources/column.js";
import { vwProjectNoteSearch, vwProjectStatusAudit } from "../resources/project-views.js";
import type { Resource } from "../resources/resource.js";
import type { IconName, RouteGroup } from "../routes.js";
import { STATUS_FIELD } from "./projects.js";
import { checkColumns, checkCriteria, type SearchCriterion } from "./search.js";

/**
 * A search page that is not an area's (the notes / time search, the status audit): its
 * boxes, the table of what they find, where a row leads, and the totals shown beside it.
 */
export interface SearchPageDeclaration {
  path: string;
  title: string;
  /** Its menu item's label where it differs from the title ("Report"). */
  label?: string;
  /** The site page whose flags govern it (docs/product-rules.md#access), its icon, and its place in the menus. */
  page: PageId;
  icon: IconName;
  menu: { under: readonly string[]; sequence: number };
  list: Resource;
  columns: readonly string[];
  order: string;
  criteria: readonly SearchCriterion[];
  /**
   * A row opens this record page with its `key` column as ?id=; or, with `record`, the row is a
   * record of that table and opens in its own dialog (a time note, to be corrected).
   */
  opens: { path: string; key: string } | { record: string };
  /**
   * Totals of what was found, by these columns of the list's `totals` (GET /API/Totals/), in
   * the order given (by name unless said).
   */
  totals: readonly { by: string; title: string; order?: TotalsOrder }[];
}

export interface SearchPage extends SearchPageDeclaration {
  routeGroup: RouteGroup;
}

function searchPage(def: SearchPageDeclaration): SearchPage {
  checkColumns(def.list, def.columns);
  checkCriteria(def.list, def.criteria);
  for (const { by } of def.totals) {
    if (!def.list.totals?.by[by]) throw new Error(`${def.list.name} has no totals by ${by}`);
  }
  const { path, title, label, page, icon, menu } = def;
  return { ...def, routeGroup: { icon, page, menu, routes: [{ path, title, ...(label ? { label } : {}) }] } };
}

/** An employee, picked by name from the directory (active or not: old notes have old authors). */
export const EMPLOYEE_FIELD: FieldKind = {
  kind: "reference",
  reference: { table: "vwEmployeeDirectory", value: "empID", label: "empName" },
};

/** A project, found by typing (the header's view: anyone may read it). */
export const PROJECT_FIELD: FieldKind = {
  kind: "reference",
  reference: { table: "vwProjectSearch", value: "projectID", label: "projectName" },
};

/** Notes / time search (page 35): time notes by employee, project, type and day, with totals. */
export const NOTES_SEARCH = searchPage({
  path: "/project/pn",
  title: "Notes / Time Search",
  page: PAGES.notesTimeSearch,
  icon: "projects",
  menu: { under: ["Projects"], sequence: 210 },
  list: vwProjectNoteSearch,
  columns: [
    "createdTS",
    "empName",
    "projectID",
    "projectName",
    "categoryName",
    "ProjectNotesMinutes",
    "ProjectNotesDesc",
  ],
  order: "createdTS DESC",
  criteria: [
    { name: "employee", label: "Employee", kind: "equals", columns: ["empID"], field: EMPLOYEE_FIELD },
    { name: "project", label: "Project", kind: "equals", columns: ["projectID"], field: PROJECT_FIELD },
    // A note category, picked as the note's own column declares it.
    { name: "type", label: "Type", kind: "equals", columns: ["projectNoteCategory"] },
    { name: "logged", label: "Logged", kind: "dateRange", columns: ["createdTS"], otherwise: "thisWeek" },
  ],
  opens: { record: "tblProjectNotes" },
  totals: [
    { by: "empID", title: "By Employee" },
    { by: "projectID", title: "By Project" },
  ],
});

/** Status audit (page 57): every status change, by day, employee and status. */
export const STATUS_AUDIT = searchPage({
  path: "/statusaudit",
  title: "Status Audit",
  page: PAGES.statusAudit,
  icon: "projects",
  menu: { under: ["Projects"], sequence: 220 },
  list: vwProjectStatusAudit,
  columns: ["createdTS", "projectID", "projectName", "oldStatusName", "statusName", "empName"],
  order: "createdTS DESC",
  criteria: [
    { name: "changed", label: "Changed", kind: "dateRange", columns: ["createdTS"] },
    { name: "employee", label: "Employee", kind: "equals", columns: ["empID"], field: EMPLOYEE_FIELD },
    { name: "status", label: "New Status", kind: "equals", columns: ["projectStatusCodeID"], field: STATUS_FIELD },
    { name: "project", label: "Project ID", kind: "equals", columns: ["projectID"] },
  ],
  opens: { path: "/project/de", key: "projectID" },
  totals: [],
});

/** The boxes both card searches have: a card by its last four digits, its holder, who spent, the days. */
const CARD_CRITERIA: readonly SearchCriterion[] = [
  { name: "card", label: "Card (Last Four)", kind: "contains", columns: ["ccLastFour"] },
  { name: "holder", label: "Holder", kind: "equals", columns: ["holderEmpID"], field: EMPLOYEE_FIELD },
  { name: "spender", label: "Spent By", kind: "equals", columns: ["empID"], field: EMPLOYEE_FIELD },
  { name: "charged", label: "Charged", kind: "dateRange", columns: ["ccChargeDate"], otherwise: "untilToday" },
];

const COLUMNS = ["ccChargeID", "ccChargeDate", "cardLabel", "holderName", "spenderName", "ccChargeMerchant"] as const;

/**
 * The card report (page 47): spending by card, holder, spender, project and month, summed by
 * the server, each table exportable; the charges found listed beside.
 */
export const CARD_REPORT = searchPage({
  path: "/creditcard/report",
  title: "Credit Card Report",
  label: "Report",
  page: PAGES.creditCardApprovals,
  icon: "creditCards",
  menu: { under: ["Credit Card"], sequence: 610 },
  list: vwCardCharges,
  columns: [...COLUMNS, "projectName", "ccChargeAmount", "matched"],
  order: "ccChargeDate DESC, ccChargeID DESC",
  criteria: [
    ...CARD_CRITERIA,
    { name: "project", label: "Project", kind: "equals", columns: ["projectID"], field: PROJECT_FIELD },
  ],
  opens: { path: "/creditcard", key: "ccID" },
  // Where the money went, the largest first; the months in their order.
  totals: [
    { by: "ccID", title: "By Card", order: "total" },
    { by: "empID", title: "By Employee", order: "total" },
    { by: "projectID", title: "By Project", order: "total" },
    { by: "ccChargeMonth", title: "By Month" },
  ],
});

/** Non-project expenses (page 47): the charges tied to no project, with their purpose and receipt. */
export const NON_PROJECT_EXPENSES = searchPage({
  path: "/creditcard/nonprojectexpenses",
  title: "Non-Project Expenses",
  page: PAGES.creditCardApprovals,
  icon: "creditCards",
  menu: { under: ["Credit Card"], sequence: 620 },
  list: vwNonProjectExpenses,
  columns: [...COLUMNS, "ccPermissionPurpose", "ccChargeAmount", "hasReceipt", "matched"],
  order: "ccChargeDate DESC, ccChargeID DESC",
  criteria: CARD_CRITERIA,
  opens: { path: "/creditcard", key: "ccID" },
  totals: [
    { by: "empID", title: "By Employee", order: "total" },
    { by: "ccChargeMonth", title: "By Month" },
  ],
});

export const SEARCH_PAGES: readonly SearchPage[] = [NOTES_SEARCH, STATUS_AUDIT, CARD_REPORT, NON_PROJECT_EXPENSES];
