/**
 * What the area-engine's component tests share: rows for every table an area reads, made from
 * the resources' declarations (so a new area or column is covered without a new fixture), the
 * users they are tested as, and each page rendered the way the route table mounts it.
 */
import {
  AREAS,
  type Area,
  type Column,
  labelOf,
  PAGE_IDS,
  type PermissionRow,
  RESOURCES,
  type Reference,
  type Resource,
} from "@office/core";
import { configure, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { expect } from "vitest";
import type { Row } from "../test/fake-api";
import { permissionsOf } from "../test/fake-api";
import { type AppRender, renderWithApp } from "../test/render";
import { AreaListPage } from "./AreaListPage";
import { AreaRecordPage } from "./AreaRecordPage";
import { AreaSearchPage } from "./AreaSearchPage";
import type { BulkAction } from "./bulk-actions";

// A page renders a table and a form at each step: on a busy machine (CI shares two cores with
// the other test files) that can take longer than findBy's default second.
configure({ asyncUtilTimeout: 5_000 });

/** How many records each table of an area holds in these tests (few: each render of a row costs). */
export const ROWS = 12;

/** More records than a page of a list holds (50), for the tests of its pages. */
export const MANY_ROWS = 60;

const WORDS = ["Amber", "Birch", "Cedar", "Delta", "Ember", "Fjord", "Garnet", "Harbor", "Iris", "Juniper"];

/** A word of row i: every row's text differs, and row 1's holds no other row's. */
const word = (i: number) => `${WORDS[(i - 1) % WORDS.length]}${String.fromCharCode(97 + ((i - 1) % 26))}${i}x`;

/** tblAppLookup's ids of one list: each list its own hundred, so an id names one list's value. */
const lookupGroups = new Map<string, number>();
const lookupBase = (group: string) => {
  let base = lookupGroups.get(group);
  if (base === undefined) {
    base = (lookupGroups.size + 1) * 100;
    lookupGroups.set(group, base);
  }
  return base;
};

/** How many rows a referenced table holds: a reference names one of them. */
const REFERENCED = 3;

/** The key a reference of row i names. */
function referencedKey(reference: Reference, i: number): number {
  const base = reference.table === "tblAppLookup" && reference.group ? lookupBase(reference.group) : 0;
  return base + ((i - 1) % REFERENCED) + 1;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The text of a column of row i that passes its rules (the data service would hold no other). */
function textValue(name: string, column: Column, i: number): string {
  const rules = column.rules ?? [];
  if (rules.includes("email")) return `${word(i).toLowerCase()}@example.com`;
  if (rules.includes("url")) return `https://example.com/${word(i).toLowerCase()}`;
  // Digits of at least the length the rules ask (a card's last four).
  if (rules.includes("number")) {
    const min = rules.reduce((m, r) => (typeof r === "object" && "min" in r ? Math.max(m, r.min) : m), 0);
    return String(100 + i).padStart(min, "9");
  }
  const max = rules.reduce((m, r) => (typeof r === "object" && "max" in r ? Math.min(m, r.max) : m), 255);
  return `${labelOf(column, name)} ${word(i)}`.slice(-max);
}

/** A value of a column for row i, valid for its declaration: what a generic test reads and types. */
export function sampleValue(name: string, column: Column, i: number): unknown {
  const field = column.field;
  switch (field?.kind) {
    case "choice":
      return field.options[(i - 1) % field.options.length]?.value ?? null;
    case "choices":
      return `|${field.options[(i - 1) % field.options.length]?.value}|`;
    case "flag":
      return i % 2;
    case "reference":
      return referencedKey(field.reference, i);
    case "date":
      return `2025-${pad(1 + (i % 12))}-${pad(1 + (i % 28))}`;
    case "datetime":
      return `2025-${pad(1 + (i % 12))}-${pad(1 + (i % 28))}T09:30:00-05:00`;
    case "tel":
      return `(503) 555-${String(1000 + i)}`;
    case "minutes":
      return 15 * i;
    case "money":
      return `${100 * i}.50`;
    default:
      break;
  }
  if (column.type === "integer") return column.generated ? i : i;
  if (column.type === "timestamp") return `2025-${pad(1 + (i % 12))}-${pad(1 + (i % 28))}T09:30:00-05:00`;
  // An enumeration of texts: its first value.
  if (column.value.kind === "oneOf") return column.value.values[0];
  return textValue(name, column, i);
}

/** Row i of a resource: every readable column with a sample value. */
export function sampleRow(resource: Resource, i: number): Row {
  const row: Row = {};
  for (const [name, column] of Object.entries(resource.columns)) {
    if (column.hidden) continue;
    row[name] = sampleValue(name, column, i);
  }
  row[resource.key] = i;
  return row;
}

/** The references of a resource's columns, and of the criteria and children of an area. */
function referencesOf(area: Area): Reference[] {
  const found: Reference[] = [];
  const add = (column: Column | undefined) => {
    if (column?.field?.kind === "reference") found.push(column.field.reference);
  };
  for (const resource of [area.resource, area.list]) for (const column of Object.values(resource.columns)) add(column);
  for (const criterion of area.criteria) {
    if (criterion.field?.kind === "reference") found.push(criterion.field.reference);
    add(area.list.columns[criterion.columns[0] ?? ""]);
  }
  for (const child of area.children) {
    for (const resource of [child.resource, child.list ?? child.resource]) {
      for (const column of Object.values(resource.columns)) add(column);
    }
  }
  return found;
}

/** The rows a referenced table offers: three, with their labels. */
function referencedRows(reference: Reference): Row[] {
  const resource = RESOURCES.get(reference.table);
  return Array.from({ length: REFERENCED }, (_, n) => {
    const i = n + 1;
    const key = referencedKey(reference, i);
    const row: Row = resource ? sampleRow(resource, i) : {};
    row[reference.value] = key;
    row[reference.label] = `${reference.group ?? reference.table} ${word(i)}`;
    if (reference.group) {
      row.appLookupParentID = reference.group;
      row.appLookupSort = i;
    }
    if (reference.activeColumn) row[reference.activeColumn] = 1;
    return row;
  });
}

/**
 * Every table an area's pages read: its list and table (the same ROWS records, by key), its
 * children's (two of each child for every record), and the tables its references name.
 */
export function areaTables(area: Area, count = ROWS): Record<string, Row[]> {
  const tables: Record<string, Row[]> = {};
  const put = (name: string, rows: Row[]) => {
    const existing = tables[name] ?? [];
    const keys = new Set(existing.map((r) => JSON.stringify(r)));
    tables[name] = [...existing, ...rows.filter((r) => !keys.has(JSON.stringify(r)))];
  };
  for (const reference of referencesOf(area)) put(reference.table, referencedRows(reference));
  const records = Array.from({ length: count }, (_, n) => n + 1);
  tables[area.resource.name] = records.map((i) => sampleRow(area.resource, i));
  tables[area.list.name] = records.map((i) => {
    const row = sampleRow(area.list, i);
    // A column a criterion picks from a list of its own (a project's latest status) holds its keys.
    for (const criterion of area.criteria) {
      if (criterion.field?.kind === "reference") {
        row[criterion.columns[0] as string] = referencedKey(criterion.field.reference, i);
      }
    }
    return row;
  });
  for (const child of area.children) {
    for (const resource of new Set([child.resource, child.list ?? child.resource])) {
      tables[resource.name] = records.flatMap((parent) =>
        [1, 2].map((n) => {
          const i = (parent - 1) * 2 + n;
          return { ...sampleRow(resource, i), [child.foreignKey]: parent };
        }),
      );
    }
  }
  return tables;
}

/** The users the generic pages are tested as. */
export const USERS = {
  /** Every flag on every page. */
  admin: undefined as PermissionRow[] | undefined,
  /**
   * View on every page, nothing else: reads every record (and the tables its fields name),
   * writes none. (With view on the area's page alone, a field naming another page's table
   * fails: a portal order's Contact reads tblClientContact, which needs view on Clients.)
   */
  viewer: (_area?: Area): PermissionRow[] =>
    permissionsOf(Object.fromEntries(PAGE_IDS.map((page) => [page, ["view"]]))),
};

/** The areas with each kind of page, for `describe.each`. */
export const LIST_AREAS = AREAS.filter((a) => a.allPath);
export const SEARCH_AREAS = AREAS.filter((a) => a.searchPath);
export const RECORD_AREAS = AREAS.filter((a) => a.recordPath);
export const DIALOG_AREAS = AREAS.filter((a) => !a.recordPath);

/** Where a test page goes that is not the one rendered: a stand-in naming the address. */
const elsewhere = (path: string): RouteObject => ({ path, element: <p>Page {path}</p> });

/** The other pages of an area a page may open. */
function otherPages(area: Area, except: string | undefined): RouteObject[] {
  const paths = new Set([area.allPath, area.searchPath, area.recordPath, area.listPath, "/client/de"]);
  paths.delete(except);
  return [...paths].filter((p): p is string => p !== undefined).map(elsewhere);
}

interface PageOptions {
  permissions?: PermissionRow[] | undefined;
  /** The actions on rows chosen together that the area's panel file adds (its search's). */
  bulk?: readonly BulkAction[] | undefined;
  /** The address after the page's path ("?id=3"). */
  search?: string;
  tables?: Record<string, Row[]>;
  /** An address of the area opened before the page (its history: Back goes there). */
  from?: string;
}

const tablesOf = (area: Area, options: PageOptions) => options.tables ?? areaTables(area);

export function renderListPage(area: Area, options: PageOptions = {}): AppRender {
  const path = area.allPath ?? "";
  return renderWithApp(<AreaListPage area={area} />, {
    path: path + (options.search ?? ""),
    route: path,
    routes: otherPages(area, path),
    tables: tablesOf(area, options),
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
}

export function renderSearchPage(area: Area, options: PageOptions = {}): AppRender {
  const path = area.searchPath ?? "";
  return renderWithApp(<AreaSearchPage area={area} bulk={options.bulk} />, {
    path: path + (options.search ?? ""),
    route: path,
    routes: otherPages(area, path),
    tables: tablesOf(area, options),
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
}

export function renderRecordPage(area: Area, options: PageOptions = {}): AppRender {
  const path = area.recordPath ?? "";
  const here = path + (options.search ?? "");
  return renderWithApp(<AreaRecordPage area={area} />, {
    path: options.from ? [options.from, here] : here,
    route: path,
    routes: otherPages(area, path),
    tables: tablesOf(area, options),
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
}

/** The label of each field of an area's form, section by section. */
export function sectionLabels(area: Area): Array<{ title: string; labels: string[] }> {
  return area.sections.map((section) => ({
    title: section.title,
    labels: section.fields.map((name) => labelOf(area.resource.columns[name] as Column, name)),
  }));
}

/** The label of a form's field. */
export const fieldLabel = (area: Area, name: string) => labelOf(area.resource.columns[name] as Column, name);

/** The messages Insert shows on an empty new record: each required field without a value of its own. */
export function requiredMessages(form: Area["form"]): string[] {
  return form.names
    .filter((name) => isRequired(form, name) && form.empty[name] === "")
    .map((name) => `${form.rules[name]?.label ?? name} is required`);
}

/** Whether a form's field has the required rule. */
export function isRequired(form: Area["form"], name: string): boolean {
  return form.rules[name]?.rules.includes("required") ?? false;
}

/** The input of a form's field, found as a person finds it: by its role and label. */
export function fieldOf(scope: HTMLElement, column: Column, label: string): HTMLElement {
  const q = within(scope);
  switch (column.field?.kind) {
    case "flag":
      return q.getByRole("checkbox", { name: label });
    case "choice":
      return q.getByRole("combobox", { name: label });
    case "choices":
      return q.getByRole("group", { name: label });
    default:
      return q.getByRole("textbox", { name: label });
  }
}

/**
 * A read-only record as a reader sees it: each field's label and the text shown for it (its
 * terms and definitions), after checking that nothing on it takes input.
 */
export function plainValues(scope: HTMLElement): Record<string, string> {
  // The record's fields, not what lists its children (a search box there is no field).
  const fields = [...scope.querySelectorAll("dl")] as HTMLElement[];
  expect(fields.length).toBeGreaterThan(0);
  for (const list of fields)
    for (const role of ["textbox", "combobox", "checkbox", "radio", "spinbutton"])
      expect(within(list).queryAllByRole(role), `no ${role} on a read-only record`).toEqual([]);
  const terms = fields.flatMap((list) => within(list).queryAllByRole("term"));
  return Object.fromEntries(terms.map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""]));
}

/** Whether a field takes no input: read-only, or disabled where a control has no read-only. */
export function isReadOnly(field: HTMLElement): boolean {
  if (field.getAttribute("role") === "group" || field.tagName === "FIELDSET") {
    return within(field)
      .getAllByRole("checkbox")
      .every((box) => (box as HTMLInputElement).disabled);
  }
  return field.hasAttribute("readonly") || (field as HTMLInputElement).disabled;
}

/** The text a plain text field shows of a stored value (the fields not picked from a list). */
export function typedText(column: Column, value: unknown): string | undefined {
  const kind = column.field?.kind;
  if (kind && kind !== "textarea" && kind !== "tel" && kind !== "money") return undefined;
  return value === null || value === undefined ? "" : String(value);
}

/** The header of each column of an area's list. */
export const listHeaders = (area: Area) =>
  area.listColumns.map((name) => labelOf(area.list.columns[name] as Column, name));

/** A row's cells of values: without the checkbox a row has where rows may be chosen together. */
export const valueCells = (row: HTMLElement): HTMLElement[] =>
  within(row)
    .getAllByRole("cell")
    .filter((cell) => !cell.querySelector('input[type="checkbox"]'));

/** A table's column headers of values, without the one that chooses every row. */
export const valueHeaders = (table: HTMLElement): HTMLElement[] =>
  within(table)
    .getAllByRole("columnheader")
    .filter((header) => !header.querySelector('input[type="checkbox"]'));
