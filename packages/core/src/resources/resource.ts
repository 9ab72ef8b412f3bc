import type { PageId, PermissionFlag } from "../pages.js";
import type { Column } from "./column.js";

/**
 * Who may do an action: those with the action's flag on a page; those with another flag on a
 * page (setting a project's status is adding a status row, but it is a change of the project);
 * "anyone" signed in who has permission rows; "everyone" signed in, even without permission
 * rows (the shell's own calls, such as the inbox count: the inbox is always allowed); or
 * nobody.
 */
export type Grant = PageId | PageFlag | "anyone" | "everyone" | null;

/** The record a row belongs to, and the column there that names its owner: `column` = `table`.`key`, owned by `table`.`owner`. */
export interface OwnerOf {
  column: string;
  table: string;
  key: string;
  owner: string;
}

/** Rows that belong to their author (Resource.authorWrites). */
export interface AuthorWrites {
  /** The column that holds the author's empID. */
  column: string;
  /** Whoever has view here (administrators) reaches every author's rows. */
  unlessPage: PageId;
  /**
   * Pages whose own flag for the action (change for an update, del for a delete) reaches every
   * author's rows, even without the resource's grant: a supervisor correcting a colleague's
   * time. The resource's grant then reaches only the caller's own rows.
   */
  everyonesOn?: readonly PageId[];
  orOwnerOf?: OwnerOf;
}

/**
 * The person a row is whose (a note's author, a project's owner, a card's holder), told when
 * someone else changes or removes it: `owner` names them, `about` the row as the notification
 * says it, `noun`/`nouns` what it is, and `opens` the record the notification leads to, where
 * that is not the row's own (a note opens its project).
 */
export interface ToldOfChanges {
  owner: string;
  about: string;
  noun: string;
  nouns: string;
  opens?: { table: string; key: string };
}

/** Who sees a row of a resource whose rows are not everyone's (Resource.visibleTo). */
export interface VisibleTo {
  column: string;
  everybody: number;
  author: string;
  members: { table: string; key: string; member: string };
}

/** A page with the flag that governs an action there, where it is not the action's own. */
export interface PageFlag {
  page: PageId;
  flag: PermissionFlag;
}

/** The page and flag a grant asks for an action, when it names a page. */
export function grantedFlag(grant: Grant, flag: PermissionFlag): PageFlag | null {
  if (typeof grant === "number") return { page: grant, flag };
  return typeof grant === "object" && grant !== null ? grant : null;
}

/**
 * What GET /API/Totals/ may count and sum of a resource: rows grouped by one of `by`'s
 * columns, each named by the column it maps to (a project by its name).
 */
export interface Totals<K extends string = string> {
  /** The column summed (a note's minutes); without one, rows are only counted. */
  sum?: K;
  by: Partial<Record<K, K>>;
  /**
   * Where a grouping of many groups (a project each) finds its names: a table keyed by the
   * grouped column that has the naming column too (`projectID: "tblProject"` names a project by
   * tblProject.projectName). The rows are then grouped by their key alone and only the groups
   * an answer sends are named, instead of every row carrying its name into the grouping.
   */
  names?: Partial<Record<K, string>>;
}

/** Rows of `table` whose `column` refers to a row being deleted: deleted with it, or set to null. */
export interface Cascade {
  table: string;
  column: string;
  setNull?: true;
}

/**
 * A table or view the data service serves, as code that takes every resource alike sees it:
 * its columns by name. Each declaration is a ResourceDef of its own columns, and is one of these.
 */
export interface Resource {
  /** The table or view name, as the calls send it. */
  name: string;
  kind: "table" | "view";
  key: string;
  columns: Record<string, Column>;
  /** The permission for each action: view (Query), add (Insert), change (Update), del (Delete). */
  access: Record<PermissionFlag, Grant>;
  /** Rows are the caller's own only: the column that holds their empID. */
  ownRows?: string;
  /**
   * Rows some may see and others not (a calendar's events): those whose `column` is
   * `everybody`, those whose `author` is the caller, and those the caller is one of the
   * `members` of (rows of `members.table` naming the row by `key` and the caller by `member`).
   */
  visibleTo?: VisibleTo;
  /**
   * Written only by its own calls (the calendar's), which keep its related rows with it: the
   * data service's Insert, Update and Delete (and files, Undo and Restore) do not take it. Its
   * `access` still says who may add, change and delete; those calls check it.
   */
  writtenBy?: string;
  /**
   * Any signed-in employee may change these columns of their own row (the row whose
   * `column` is their empID), without the change permission; whenever any of them is
   * written, by anyone, the `stamp` columns are set to the server's time.
   */
  selfService?: { column: string; fields: Array<string>; stamp?: Array<string> };
  /**
   * Rows that belong to their author: an update or a delete (or an upload onto one) reaches
   * only rows whose `column` is the caller's empID, unless the caller has view on page
   * `unlessPage` (administrators). Someone else's row matches nothing, like a where that
   * matches nothing (404). With `orOwnerOf`, the owner of the record the row belongs to
   * reaches it too (a charge on a card: its holder, who keeps the card's receipts).
   */
  authorWrites?: AuthorWrites;
  /**
   * Only rows whose `column` holds one of `values` may be written (inserted, changed into,
   * changed or deleted): the Lists page edits its seven lists of tblAppLookup, not site pages.
   */
  writableRows?: { column: string; values: readonly string[] };
  /** Default order of a query without one. */
  order?: Array<string>;
  /**
   * Its rows stay few whatever the company's size (lookup lists): a select over it lists them
   * all at once. A select over any other table searches it on the server as the user types.
   */
  small?: true;
  /** A view: the tables it reads, so a write to one of them makes its rows stale. */
  reads?: readonly string[];
  /**
   * Tables whose rows the database changes whenever this one is written (by trigger: a status
   * set changes the project's latest status), so a write here makes them stale too.
   */
  changes?: readonly string[];
  totals?: Totals;
  /**
   * Rows of other tables the database deletes with a row of this one (on delete cascade), or
   * unlinks from it (`setNull`: on delete set null): a delete does it first itself and audits
   * each row, a delete or an update of its own, so the trail keeps (and can restore or undo)
   * everything that went or changed with it.
   */
  cascades?: readonly Cascade[];
  /** Whom a change of a row by someone else is told (notifications.ts): the row's owner. */
  toldOfChanges?: ToldOfChanges;
  /**
   * A row added here is a change of the record it belongs to (a status set changes its
   * project): that record's owner is told, as of a change of theirs (its `toldOfChanges`).
   */
  toldAs?: { table: string; key: string };
  /**
   * What a row of its list shows on a phone, where a row is a card: its title and the facts
   * beneath (the amount and date of a charge, the time of a note, a status). Only the columns the
   * page shows count; without a card, the first column that is not an id and the next ones.
   */
  card?: PhoneCard;
}

/** A list's phone card: its title column and up to three facts beneath, in order. */
export interface PhoneCard {
  title: string;
  facts: readonly string[];
}

/** A list declared with its phone card (the columns named are checked against its own). */
export function withCard<C extends Record<string, Column>>(
  def: ResourceDef<C>,
  card: { title: keyof C & string; facts: readonly (keyof C & string)[] },
): ResourceDef<C> {
  return { ...def, card };
}

/** A declaration, typed by its own columns: what names a column is checked against them. */
export interface ResourceDef<C extends Record<string, Column> = Record<string, Column>> extends Resource {
  key: keyof C & string;
  columns: C;
  ownRows?: keyof C & string;
  visibleTo?: VisibleTo & { column: keyof C & string; author: keyof C & string };
  selfService?: { column: keyof C & string; fields: Array<keyof C & string>; stamp?: Array<keyof C & string> };
  authorWrites?: AuthorWrites & { column: keyof C & string };
  writableRows?: { column: keyof C & string; values: readonly string[] };
  order?: Array<keyof C & string>;
  totals?: Totals<keyof C & string>;
  toldOfChanges?: ToldOfChanges & { owner: keyof C & string; about: keyof C & string };
  toldAs?: { table: string; key: keyof C & string };
}

export function resource<const C extends Record<string, Column>>(def: ResourceDef<C>): ResourceDef<C> {
  return def;
}

/** Every action governed by the same page (the common case for a table). */
export function pageAccess(page: PageId): Record<PermissionFlag, Grant> {
  return { view: page, add: page, change: page, del: page };
}

/** A view: read with the page's view flag (or by anyone signed in), never written. */
export function readOnly(view: PageId | "anyone"): Record<PermissionFlag, Grant> {
  return { view, add: null, change: null, del: null };
}

/** The columns a query may select, filter, search or sort on: all but the hidden ones. */
export function readableColumns(def: Resource): string[] {
  return Object.entries(def.columns)
    .filter(([, column]) => !column.hidden)
    .map(([name]) => name);
}

export function isReadableColumn(def: Resource, name: string): boolean {
  return Object.hasOwn(def.columns, name) && !def.columns[name]?.hidden;
}

/** The columns a table's search box looks in. */
export function searchableColumns<C extends Record<string, Column>>(def: ResourceDef<C>): string[] {
  return Object.entries<Column>(def.columns)
    .filter(([, column]) => column.searchable && !column.hidden)
    .map(([name]) => name);
}
