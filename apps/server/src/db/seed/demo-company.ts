import { PAGE_IDS, PAGE_TITLES, PAGES, WEEKDAYS } from "@office/core";
import { type DemoCards, demoCards } from "./demo-cards.js";
import { type DemoDirectory, demoDirectory } from "./demo-directory.js";
import { Random } from "./random.js";
import {
  DEPARTMENTS,
  FACILITIES,
  FIRST_NAMES,
  LAST_NAMES,
  NOTE_PHRASES,
  OFFICE_HOURS,
  PLACES,
  WORKS,
} from "./words.js";

/** The three demo accounts of DESIGN.md; their employees are the first three rows. */
export const DEMO_ACCOUNTS = [
  { username: "admin", empID: 1, firstName: "Alex", lastName: "Morgan" },
  { username: "staff", empID: 2, firstName: "Sam", lastName: "Taylor" },
  { username: "noperm", empID: 3, firstName: "Noel", lastName: "Perry" },
] as const;
export const DEMO_PASSWORD = "demo";

const STAFF_VIEW = [1, 2, 3, 22, 23, 24, 35, 39, 42];
const EMPLOYEES = 80;
const PROJECTS_AT_SCALE_1 = 3_000;
const NOTES_AT_SCALE_1 = 50_000;
const DAY_MS = 86_400_000;

// Fixed lookup ids: the product fixes 56, 66, 194 (excluded statuses), 68 (note group),
// 105 (default note category) and 135 (department parent) (docs/product-rules.md#lookup-lists);
// site pages use their page id.
const GROUP_NOTE_CATEGORIES = 68;
const GROUP_DEPARTMENTS = 135;
const GROUP_PROJECT_STATUS = 190;
const FIRST_DEPARTMENT_ID = 136;
const OPEN_STATUSES = [60, 61, 62, 63, 64, 65];
const PROJECT_STATUSES: Array<[number, string]> = [
  [60, "Bid"],
  [61, "Awarded"],
  [62, "In Progress"],
  [63, "On Hold"],
  [64, "Punch List"],
  [65, "Billing"],
  [56, "Cancelled"],
  [66, "Closed"],
  [194, "Archived"],
];
const NOTE_CATEGORIES: Array<[number, string]> = [
  [105, "General"],
  [106, "Design"],
  [107, "Site Visit"],
  [108, "Meeting"],
  [109, "Phone Call"],
  [110, "Travel"],
  [111, "Administrative"],
];
const NOTE_MINUTES = [15, 15, 30, 30, 30, 45, 60, 60, 60, 90, 120, 120, 180, 240, 480];

export interface DemoCompany {
  lookups: Array<{
    appLookupID: number;
    appLookupParentID: string;
    appLookupValue: string;
    appLookupCode: string | null;
    appLookupPrompt: string | null;
    appLookupSort: number;
    appLookupMisc: string | null;
  }>;
  employees: Array<Record<string, string | number | null>>;
  permissions: Array<{
    empID: number;
    permissionPageID: number;
    permissionView: number;
    permissionAdd: number;
    permissionChange: number;
    permissionDel: number;
  }>;
  projects: Array<{
    projectID: number;
    projectName: string;
    projectFirstSourceNumber: string;
    projectSecondSourceNumber: string | null;
  }>;
  statuses: Array<{ projectID: number; projectStatusCodeID: number; createdTS: string }>;
  notes: Array<{
    projectID: number;
    empID: number;
    projectNoteCategory: number;
    ProjectNotesMinutes: number;
    ProjectNotesDesc: string | null;
    createdTS: string;
  }>;
  cards: DemoCards["cards"];
  cardPermissions: DemoCards["requests"];
  cardStatements: DemoCards["statements"];
  cardCharges: DemoCards["charges"];
  cardReceipts: DemoCards["receipts"];
  directory: DemoDirectory;
}

/**
 * The demo company, as rows. Pure: the same scale and anchor (the moment "now" stands for)
 * give the same company, so seeds can be compared and benchmarks repeated.
 */
export function demoCompany(scale: number, anchor: Date): DemoCompany {
  const random = new Random(20_261_122);
  const now = anchor.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();

  const lookups: DemoCompany["lookups"] = [
    ...PAGE_IDS.map((id, sort) => lookup(id, "sitePages1", PAGE_TITLES[id], String(id), PAGE_TITLES[id], sort)),
    lookup(GROUP_NOTE_CATEGORIES, "groups", "Note Categories", null, "Note Categories", 1),
    lookup(GROUP_DEPARTMENTS, "groups", "Departments", null, "Departments", 2),
    lookup(GROUP_PROJECT_STATUS, "groups", "Project Status Codes", null, "Project Status Codes", 3),
    ...NOTE_CATEGORIES.map(([id, name], sort) => lookup(id, String(GROUP_NOTE_CATEGORIES), name, null, name, sort)),
    ...PROJECT_STATUSES.map(([id, name], sort) => lookup(id, String(GROUP_PROJECT_STATUS), name, null, name, sort)),
    ...DEPARTMENTS.map(([name, mailbox], sort) =>
      lookup(
        FIRST_DEPARTMENT_ID + sort,
        String(GROUP_DEPARTMENTS),
        name,
        mailbox.toUpperCase(),
        name,
        sort,
        `${mailbox}@office.example`,
      ),
    ),
  ];

  const employees: DemoCompany["employees"] = [];
  const heads = new Map<number, number>();
  for (let empID = 1; empID <= EMPLOYEES; empID++) {
    const demo = DEMO_ACCOUNTS.find((account) => account.empID === empID);
    const department =
      FIRST_DEPARTMENT_ID + (empID <= DEPARTMENTS.length ? empID - 1 : random.int(0, DEPARTMENTS.length - 1));
    if (!heads.has(department)) heads.set(department, empID);
    const head = heads.get(department) ?? 1;
    const hours = random.pick(OFFICE_HOURS);
    const availability = random.pick(["In", "In", "In", "Break", "Out", "Out", null] as const);
    const row: Record<string, string | number | null> = {
      empID,
      empFirstName: demo?.firstName ?? random.pick(FIRST_NAMES),
      empLastName: demo?.lastName ?? random.pick(LAST_NAMES),
      empActive: empID > 3 && random.chance(0.06) ? 0 : 1,
      empDepartment: department,
      empManagerID: empID === 1 ? null : head === empID ? 1 : head,
      empOfficeExtention: String(100 + empID),
      empAvailabilityType: availability,
      empAvailabilityTS: availability ? iso(now - random.int(1, 9 * 60) * 60_000) : null,
    };
    for (const day of WEEKDAYS) {
      const weekend = day === "Sa" || day === "Su";
      row[`empOfficeHours${day}`] = weekend ? (random.chance(0.1) ? "9:00 AM - 1:00 PM" : null) : hours;
    }
    employees.push(row);
  }

  const permissions: DemoCompany["permissions"] = [];
  const grant = (empID: number, page: number, view: number, add = 0, change = 0, del = 0) =>
    permissions.push({
      empID,
      permissionPageID: page,
      permissionView: view,
      permissionAdd: add,
      permissionChange: change,
      permissionDel: del,
    });
  for (const page of PAGE_IDS) grant(1, page, 1, 1, 1, 1);
  for (const page of STAFF_VIEW) grant(2, page, 1, 0, 0, 0);
  grant(2, PAGES.notes, 0, 1, 0, 0);
  for (const employee of employees.slice(3)) {
    const empID = employee.empID as number;
    const manager = employees.some((e) => e.empManagerID === empID);
    for (const page of PAGE_IDS) {
      if (page === PAGES.administrator || page === PAGES.overLimitApproval) continue;
      const everyone = page === PAGES.home || page === PAGES.availabilityList || page === PAGES.projects;
      if (!everyone && !random.chance(manager ? 0.8 : 0.45)) continue;
      const edit = manager || random.chance(0.3) ? 1 : 0;
      grant(empID, page, 1, page === PAGES.notes ? 1 : edit, edit, manager ? 1 : 0);
    }
  }

  const projectCount = Math.max(1, Math.round(PROJECTS_AT_SCALE_1 * scale));
  const projects: DemoCompany["projects"] = [];
  const statuses: DemoCompany["statuses"] = [];
  for (let projectID = 1; projectID <= projectCount; projectID++) {
    projects.push({
      projectID,
      projectName: `${random.pick(PLACES)} ${random.pick(FACILITIES)} ${random.pick(WORKS)}`,
      projectFirstSourceNumber: `PO-${String(10_000 + projectID * 7 + random.int(0, 6)).padStart(6, "0")}`,
      projectSecondSourceNumber: random.chance(0.6) ? `Q-${random.int(2019, 2026)}-${random.int(1000, 9999)}` : null,
    });
    let at = now - random.int(30, 730) * DAY_MS;
    const steps = random.int(1, 4);
    for (let step = 0; step < steps && at < now; step++) {
      const last = step === steps - 1;
      const code =
        last && random.chance(0.18)
          ? random.pick([56, 66, 194])
          : (OPEN_STATUSES[Math.min(step, OPEN_STATUSES.length - 1)] ?? 60);
      // In working hours (13:00–23:00 UTC, the notes' band): a status set at midnight UTC
      // read as 8 pm the evening before in the company's zone (issue 17).
      const minute = 13 * 60 + ((projectID * 37 + step * 11) % 600);
      statuses.push({ projectID, projectStatusCodeID: code, createdTS: iso(at + minute * 60_000) });
      at += random.int(5, 120) * DAY_MS;
    }
  }

  const active = employees.filter((e) => e.empActive === 1).map((e) => e.empID as number);
  const noteCount = Math.round(NOTES_AT_SCALE_1 * scale);
  const notes: DemoCompany["notes"] = [];
  for (let i = 0; i < noteCount; i++) {
    const day = now - random.int(1, 365) * DAY_MS;
    notes.push({
      projectID: random.int(1, projectCount),
      empID: random.pick(active),
      projectNoteCategory: random.chance(0.5) ? 105 : random.pick(NOTE_CATEGORIES)[0],
      ProjectNotesMinutes: random.pick(NOTE_MINUTES),
      ProjectNotesDesc: random.chance(0.85) ? random.pick(NOTE_PHRASES) : null,
      createdTS: iso(day + random.int(13 * 60, 23 * 60) * 60_000),
    });
  }

  const {
    cards,
    requests: cardPermissions,
    statements: cardStatements,
    charges: cardCharges,
    receipts: cardReceipts,
  } = demoCards(scale, anchor, employees, projectCount);

  const directory = demoDirectory(scale, anchor, employees);
  lookups.push(...(directory.lookups as DemoCompany["lookups"]));
  return {
    lookups,
    employees,
    permissions,
    projects,
    statuses,
    notes,
    cards,
    cardPermissions,
    cardStatements,
    cardCharges,
    cardReceipts,
    directory,
  };
}

function lookup(
  appLookupID: number,
  appLookupParentID: string,
  appLookupValue: string,
  appLookupCode: string | null,
  appLookupPrompt: string | null,
  appLookupSort: number,
  appLookupMisc: string | null = null,
): DemoCompany["lookups"][number] {
  return {
    appLookupID,
    appLookupParentID,
    appLookupValue,
    appLookupCode,
    appLookupPrompt,
    appLookupSort,
    appLookupMisc,
  };
}
