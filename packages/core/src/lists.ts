import { z } from "zod";
import { findRoute } from "./routes.js";

/**
 * The groups of tblAppLookup (its appLookupParentID). The spec fixes 68 (note categories)
 * and 135 (departments); the others are ours, named rather than numbered, so that no
 * installation's own lookup ids can ever collide with them.
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

const list = (path: string, group: string, purpose: string): LookupList => {
  const route = findRoute(path);
  if (!route) throw new Error(`no route ${path}`);
  return { path, title: route.title, group, purpose };
};

/** The seven lists of the Lists page (page 26), in the menu's order. */
export const LOOKUP_LISTS: readonly LookupList[] = [
  list("/list/clientcategories", LOOKUP_GROUPS.projectCategories, "The category of a client and its projects."),
  list("/list/vendorcategories", LOOKUP_GROUPS.vendorCategories, "What a vendor supplies."),
  list("/list/projectstatuscodes", LOOKUP_GROUPS.projectStatusCodes, "The statuses a project moves through."),
  list("/list/notescategories", LOOKUP_GROUPS.noteCategories, "The Type of a time note."),
  list("/list/schedulecategories", LOOKUP_GROUPS.scheduleCategories, "The kinds of calendar event."),
  list("/list/todocategories", LOOKUP_GROUPS.todoCategories, "The kinds of to-do."),
  list("/list/productcategories", LOOKUP_GROUPS.productCategories, "The kinds of product on a portal order."),
];

/** The groups whose values the Lists page may add, change, reorder and delete. */
export const EDITABLE_GROUPS: ReadonlySet<string> = new Set(LOOKUP_LISTS.map((l) => l.group));

/** PUT /API/ListOrder/ — a list's values in their new order: every id of the list, once. */
export const listOrderBody = z.strictObject({
  group: z.string().min(1).max(50),
  ids: z.array(z.number().int().positive()).min(1).max(1_000),
});
export type ListOrderBody = z.infer<typeof listOrderBody>;
