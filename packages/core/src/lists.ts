import { PAGES } from "./pages.js";
import type { RouteGroup } from "./routes.js";

/**
 * The groups of tblAppLookup (its appLookupParentID). The product fixes 68 (note categories)
 * and 135 (departments), as docs/product-rules.md#lookup-lists records; the others are ours,
 * named rather than numbered, so that no installation's own lookup ids can ever collide with
 * them.
 */
export const LOOKUP_GROUPS = {
  sitePages: "sitePages1",
  noteCategories: "68",
  departments: "135",
  projectStatusCodes: "190",
  projectCategories: "clientCategories",
  vendorCategories: "vendorCategories",
  scheduleCategories: "scheduleCategories",
  todoCategories: "todoCategories",
  productCategories: "productCategories",
} as const;

export interface LookupList {
  /** Its page under /list. */
  path: string;
  title: string;
  group: string;
  /** What a value of the list is for, shown above it. */
  purpose: string;
}

const list = (path: string, title: string, group: string, purpose: string): LookupList => ({
  path,
  title,
  group,
  purpose,
});

/** The seven lists of the Lists page (page 26), in the menu's order. */
export const LOOKUP_LISTS: readonly LookupList[] = [
  list(
    "/list/clientcategories",
    "Project Categories",
    LOOKUP_GROUPS.projectCategories,
    "The category of a client and its projects.",
  ),
  list("/list/vendorcategories", "Vendor Categories", LOOKUP_GROUPS.vendorCategories, "What a vendor supplies."),
  list(
    "/list/projectstatuscodes",
    "Project Status Codes",
    LOOKUP_GROUPS.projectStatusCodes,
    "The statuses a project moves through.",
  ),
  list("/list/notescategories", "Notes Categories", LOOKUP_GROUPS.noteCategories, "The Type of a time note."),
  list(
    "/list/schedulecategories",
    "Schedule Categories",
    LOOKUP_GROUPS.scheduleCategories,
    "The kinds of calendar event.",
  ),
  list("/list/todocategories", "To-Do Categories", LOOKUP_GROUPS.todoCategories, "The kinds of to-do."),
  list(
    "/list/productcategories",
    "Product Categories",
    LOOKUP_GROUPS.productCategories,
    "The kinds of product on a portal order.",
  ),
];

/** The Lists page and a page per list, under More › Lists. */
export const LIST_ROUTES: RouteGroup = {
  icon: "lists",
  page: PAGES.lists,
  menu: { under: ["More", "Lists"], sequence: 910 },
  routes: [
    { path: "/list", title: "Lists", label: "All Lists" },
    ...LOOKUP_LISTS.map(({ path, title }) => ({ path, title })),
  ],
};

/** The groups whose values the Lists page may add, change, reorder and delete. */
export const EDITABLE_GROUPS: ReadonlySet<string> = new Set(LOOKUP_LISTS.map((l) => l.group));
