import { type RecordForm, recordForm } from "../resources/form.js";
import type { ResourceDef } from "../resources/resource.js";
import { findRoute } from "../routes.js";
import { checkColumns, checkCriteria, type SearchCriterion } from "./search.js";

export interface FormSection {
  title: string;
  fields: readonly string[];
}

/** Records of another table that belong to the area's record (a client's contacts). */
export interface ChildList {
  resource: ResourceDef;
  /** What the child list reads, where it shows names the table holds as keys (a view). */
  list?: ResourceDef;
  /** The child's column that holds the record's key. */
  foreignKey: string;
  title: string;
  columns: readonly string[];
  /** Edited in a record dialog over these fields; or, with `recordPath`, each row opens its own page. */
  edit: { fields: readonly string[]; newLabel: string; recordTitle: string } | { recordPath: string };
}

/**
 * A directory area (spec 2.1, 6): its table, the view its list reads, its routes, its form
 * and its search, declared once. The web app's list, search and data-entry pages are built
 * from this; an area is a declaration, not a copy of the last one.
 */
export interface DirectoryArea {
  /** Its noun, for messages ("There is no client with the id 7"). */
  noun: string;
  resource: ResourceDef;
  /** What the list reads: the table, or a view with the names of what it refers to. */
  list: ResourceDef;
  listColumns: readonly string[];
  /** The list's order, in the order language. */
  order: string;
  /** /…/all, the list; an area without one (projects) is listed by its advanced search. */
  allPath?: string;
  /** What its records are called together, where no list page names them ("Projects"). */
  plural?: string;
  /** The advanced search page, where the area has one. */
  searchPath?: string;
  /** /…/de, add and (with ?id=) view and edit; without one, records are edited in a dialog over the list. */
  recordPath?: string;
  /** The words of a dialog-edited area: its add button and its record's title. */
  dialog?: { newLabel: string; recordTitle: string };
  sections: readonly FormSection[];
  criteria: readonly SearchCriterion[];
  children: readonly ChildList[];
}

export interface Area extends DirectoryArea {
  form: RecordForm<string>;
  /** Where the area's records are listed: its list, else its search. */
  listPath: string;
  /** The list's title (the list route's, or the plural), and the record page's. */
  listTitle: string;
  recordTitle: string;
  newLabel: string;
}

function routeTitle(path: string): { title: string; label: string } {
  const route = findRoute(path);
  if (!route) throw new Error(`no route ${path}`);
  return { title: route.title, label: route.label ?? route.title };
}

/** Checks a declaration against its resources and derives its form and titles. */
export function area(def: DirectoryArea): Area {
  checkColumns(def.list, def.listColumns);
  checkCriteria(def.list, def.criteria);
  for (const child of def.children) {
    checkColumns(child.resource, [child.foreignKey, ...("fields" in child.edit ? child.edit.fields : [])]);
    checkColumns(child.list ?? child.resource, [child.foreignKey, ...child.columns]);
  }
  const record = def.recordPath ? routeTitle(def.recordPath) : def.dialog;
  if (!record) throw new Error(`${def.noun}: an area needs a record page or a dialog`);
  const recordTitle = "title" in record ? record.title : record.recordTitle;
  const listPath = def.allPath ?? def.searchPath;
  if (!listPath) throw new Error(`${def.noun}: an area needs a list or a search`);
  const newLabel = "label" in record ? record.label : record.newLabel;
  return {
    ...def,
    form: recordForm(
      def.resource,
      def.sections.flatMap((s) => s.fields),
    ),
    listPath,
    listTitle: def.plural ?? routeTitle(listPath).title,
    recordTitle,
    newLabel,
  };
}
