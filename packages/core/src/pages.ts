/** Site page ids (docs/product-rules.md#access): the unit of every permission. */
export const PAGES = {
  home: 1,
  statusDashboard: 2,
  projects: 3,
  notes: 9,
  projectAccounting: 13,
  employees: 22,
  clients: 23,
  vendors: 24,
  reports: 25,
  lists: 26,
  shippingCompanies: 33,
  notesTimeSearch: 35,
  settings: 37,
  calendar: 39,
  administrator: 40,
  availabilityList: 42,
  overLimitApproval: 45,
  creditCardApprovals: 47,
  inbox: 52,
  statusAudit: 57,
  portalOrders: 58,
} as const;

export type PageKey = keyof typeof PAGES;
export type PageId = (typeof PAGES)[PageKey];

/** Titles of the site pages, as stored in tblAppLookup under parent "sitePages1". */
export const PAGE_TITLES: Record<PageId, string> = {
  1: "Home",
  2: "Status Dashboard",
  3: "Projects",
  9: "Notes",
  13: "Project Accounting",
  22: "Employees",
  23: "Clients",
  24: "Vendors",
  25: "Reports",
  26: "Lists",
  33: "Shipping Companies",
  35: "Notes / Time Search",
  37: "Settings",
  39: "Calendar",
  40: "Administrator Privileges",
  42: "Availability List",
  45: "Over-Limit Credit Card Approval",
  47: "Credit Card / Approvals",
  52: "Inbox",
  57: "Status Audit",
  58: "Portal Orders",
};

export const PAGE_IDS = Object.values(PAGES) as PageId[];

/**
 * The four flags a permission row holds on a site page, and the one vocabulary for them
 * everywhere (resources' access, a user's rights on a record, the server's session map):
 * view, add, change, del, as the columns permissionView/Add/Change/Del name them. The
 * record dialog's buttons keep the spec's words (Insert, Update, Delete); the flags are what
 * show them.
 */
export const PERMISSION_FLAGS = ["view", "add", "change", "del"] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
/** A user's four flags on one page (or a record's resource). */
export type PageFlags = Record<PermissionFlag, boolean>;
