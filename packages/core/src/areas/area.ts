import type { PageId } from "../pages.js";
import { type RecordForm, recordForm } from "../resources/form.js";
import type { Resource } from "../resources/resource.js";
import type { IconName, RouteEntry, RouteGroup } from "../routes.js";
import { checkColumns, checkCriteria, type SearchCriterion } from "./search.js";

export interface FormSection {
  title: string;
  fields: readonly string[];
}

/**
 * A search page's box that a related list opens with the record's key in it: "See all in
 * Project Search" on a client's projects (/project?client=7).
 */
export interface SearchLink {
  path: string;
  /** The page's title, named by the link. */
  title: string;
  /** The box's name in the page's address. */
  param: string;
  /** A range the page opens on when its address has none (this week): the link asks for every day to today. */
  rangeToToday?: string;
}

/** The link to `page`'s search with its `param` box (an equals box: checked here) set to the record. */
export function searchLink(
  page: { path: string; title: string; criteria: readonly SearchCriterion[] },
  param: string,
): SearchLink {
  const box = page.criteria.find((criterion) => criterion.name === param);
  if (box?.kind !== "equals") throw new Error(`${page.path} has no equals box ${param}`);
  const range = page.criteria.find((criterion) => criterion.kind === "dateRange" && criterion.otherwise === "thisWeek");
  return { path: page.path, title: page.title, param, ...(range ? { rangeToToday: `${range.name}To` } : {}) };
}

/** The advanced search of an area, for a search link. */
export function areaSearch(of: AreaDeclaration): { path: string; title: string; criteria: readonly SearchCriterion[] } {
  const search = of.routes.search;
  if (!search) throw new Error(`${of.noun} has no search`);
  return { path: search.path, title: search.title, criteria: of.criteria };
}

/** Records of another table that belong to the area's record (a client's contacts). */
export interface ChildList {
  resource: Resource;
  /** What the child list reads, where it shows names the table holds as keys (a view). */
  list?: Resource;
  /** The child's column that holds the record's key. */
  foreignKey: string;
  title: string;
  columns: readonly string[];
  /** Its order, in the order language, where it is not the resource's own (newest first). */
  order?: string;
  /**
   * Edited in a record dialog over these fields; or, with `recordPath`, each row opens its own
   * page (by its `key` column, the child's key by default: a time note opens its project); or
   * only read here (`readOnly`: a card's requests are made and decided elsewhere); or read
   * here with each row opening its record's files (`files`: a card's charges and their receipts).
   */
  edit:
    | { fields: readonly string[]; newLabel: string; recordTitle: string }
    | { recordPath: string; key?: string }
    | { readOnly: true }
    | { files: true; recordTitle: string };
  /** The search that lists all of them, filtered to the record. */
  search?: SearchLink;
  /** What its tab says beside its title: how many (the default), or their hours (time notes, by the list's totals). */
  tally?: "count" | "hours";
  /** Records that belong to each of these, shown under one in its dialog (a parcel's scans). */
  children?: readonly ChildList[];
}

/** One of an area's routes: its path under /webapp/, its page title, and its menu label where that differs. */
export interface AreaRoute {
  path: string;
  title: string;
  label?: string;
  /** Not in the menus (spec 2.1's hidden routes: a card's page is reached from the list). */
  hidden?: boolean;
}

/**
 * An area: its routes and place in the menus, its table, the view its list
 * reads, its form and its search, declared once. The route table, the menus, the guard and
 * the web app's list, search and data-entry pages are built from this; an area is a
 * declaration, not a copy of the last one.
 */
export interface AreaDeclaration {
  /** Its noun, for messages ("There is no client with the id 7"). */
  noun: string;
  /** The site page whose flags govern its routes and records (docs/product-rules.md#access). */
  page: PageId;
  icon: IconName;
  /** The dropdowns that hold its routes, outermost first, and its order among the menus' groups. */
  menu: { under: readonly string[]; sequence: number };
  /**
   * Its pages: `all` lists every record (/…/all); `search` is the advanced search (an area
   * without a list, such as projects, is listed by it); `record` is the data entry (/…/de: add,
   * and with ?id= view and edit). Without `record`, records are edited in a dialog over the list.
   */
  routes: { all?: AreaRoute; search?: AreaRoute; record?: AreaRoute };
  resource: Resource;
  /** What the list reads: the table, or a view with the names of what it refers to. */
  list: Resource;
  listColumns: readonly string[];
  /** The list's order, in the order language. */
  order: string;
  /** The columns of the form that name a record, joined by a space: its page's heading. */
  title?: readonly string[];
  /**
   * Columns of the list view that tell apart records of one name (a client's city and state),
   * said beside the name where the palette finds it.
   */
  detail?: readonly string[];
  /** A column of the list view shown beside that heading as the record's status ("Awarded"). */
  status?: string;
  /** What its records are called together, where no list page names them ("Projects"). */
  plural?: string;
  /** The words of a dialog-edited area: its add button and its record's title. */
  dialog?: { newLabel: string; recordTitle: string };
  sections: readonly FormSection[];
  criteria: readonly SearchCriterion[];
  children: readonly ChildList[];
  /**
   * Pages that go with its list, linked beside its heading for whoever may open them (a card
   * list's statement import, statement search and approvals, which spec 2.1 keeps out of the
   * menus).
   */
  related?: readonly { path: string; label: string }[];
}

export interface Area extends AreaDeclaration {
  form: RecordForm<string>;
  allPath?: string;
  searchPath?: string;
  recordPath?: string;
  /** Where the area's records are listed: its list, else its search. */
  listPath: string;
  /** The list's title (the list route's, or the plural), and the record page's. */
  listTitle: string;
  recordTitle: string;
  newLabel: string;
  /** Its routes as the route table holds them. */
  routeGroup: RouteGroup;
}

/** Checks a declaration against its resources and derives its form, titles and routes. */
export function area(def: AreaDeclaration): Area {
  checkColumns(def.list, def.listColumns);
  checkColumns(def.list, def.detail ?? []);
  checkCriteria(def.list, def.criteria);
  for (const child of [...def.children, ...def.children.flatMap((c) => c.children ?? [])]) {
    checkColumns(child.resource, [child.foreignKey, ...("fields" in child.edit ? child.edit.fields : [])]);
    checkColumns(child.list ?? child.resource, [child.foreignKey, ...child.columns]);
    if ("key" in child.edit && child.edit.key) checkColumns(child.list ?? child.resource, [child.edit.key]);
  }
  checkColumns(def.resource, def.title ?? []);
  if (def.status) checkColumns(def.list, [def.status]);
  const { all, search, record } = def.routes;
  if (!record && !def.dialog) throw new Error(`${def.noun}: an area needs a record page or a dialog`);
  const listRoute = all ?? search;
  if (!listRoute) throw new Error(`${def.noun}: an area needs a list or a search`);
  const routes: RouteEntry[] = [...(all ? [all] : []), ...(search ? [search] : []), ...(record ? [record] : [])];
  return {
    ...def,
    form: recordForm(
      def.resource,
      def.sections.flatMap((s) => s.fields),
    ),
    ...(all ? { allPath: all.path } : {}),
    ...(search ? { searchPath: search.path } : {}),
    ...(record ? { recordPath: record.path } : {}),
    listPath: listRoute.path,
    listTitle: def.plural ?? listRoute.title,
    recordTitle: record ? record.title : (def.dialog?.recordTitle ?? ""),
    newLabel: record ? (record.label ?? record.title) : (def.dialog?.newLabel ?? ""),
    routeGroup: { icon: def.icon, page: def.page, menu: def.menu, routes },
  };
}

/**
 * A record's name, as its page's heading and the palette show it: its title columns joined,
 * else its noun and id ("Project 12").
 */
export const recordName = (area: Area, row: Record<string, unknown>, id: unknown = row[area.resource.key]) =>
  (area.title ?? [])
    .map((column) => row[column])
    .filter((part) => part !== null && part !== undefined && part !== "")
    .join(" ") || `${area.recordTitle} ${id}`;
