import type { Area } from "./areas/area.js";
import { AREAS } from "./areas/registry.js";
import type { RouteDef } from "./routes.js";
import { ROUTES } from "./site.js";
import { whereBuilder } from "./where/build.js";

/**
 * The command palette (Ctrl+K; docs/decisions.md#command-palette) offers what the declarations
 * declare: the pages of the route table, a New entry of each area with a record page, and the
 * records of each area whose record names itself (`title`), searched on the server. The web app
 * keeps of these only what the user may open.
 */

/** Routes that are no destination: the sign-in and the pages the app sends a user to. */
const NOT_DESTINATIONS = new Set(["/login", "/forbidden", "/update-config"]);

/** An area's data-entry form: a record's page, reached from its list, search or New. */
const RECORD_PAGES = new Set(AREAS.map((area) => area.recordPath));

/** The pages the palette offers (before the user's rights): every route but a data-entry form, disabled ones and the app's own. */
export const PALETTE_PAGES: readonly RouteDef[] = ROUTES.filter(
  (route) => !route.disabled && !route.bare && !RECORD_PAGES.has(route.path) && !NOT_DESTINATIONS.has(route.path),
);

/** Areas whose records the palette finds by name, and whose New it offers: those with a record page. */
export const PALETTE_AREAS: readonly (Area & { recordPath: string })[] = AREAS.filter(
  (area): area is Area & { recordPath: string } => area.recordPath !== undefined,
);

/** Records of one area shown for a search. */
export const PALETTE_RECORDS_SHOWN = 5;

/** The shortest search the palette sends to the server: one letter matches too much to be of use. */
export const PALETTE_MIN_QUERY = 2;

/**
 * The words of a search it looks for, and their longest: a pasted paragraph stays a search the
 * data service accepts (WHERE_LIMITS: LIKEs per where, a pattern's length) instead of a 400.
 */
const MAX_WORDS = 5;
const MAX_WORD = 50;

/**
 * What the palette says beneath a record's name: its kind and id, and what tells it apart from
 * others of the same name ("Client 12 · Springfield, IL").
 */
export function paletteDescription(area: Area, row: Record<string, unknown>): string {
  const detail = (area.detail ?? [])
    .map((column) => row[column])
    .filter((value) => value !== null && value !== undefined && value !== "")
    .join(", ");
  const kind = `${area.recordTitle} ${row[area.resource.key]}`;
  return detail ? `${kind} · ${detail}` : kind;
}

/**
 * The Query of an area's records matching a palette search: each word of it in one of the
 * columns that name the record ("ada love" finds Lovelace, Ada), or a number as the record's
 * id; null when the search is too short or the area names no records.
 */
export function paletteRecordQuery(area: Area, query: string) {
  const words = query
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD));
  const title = area.title;
  if (!title?.length || query.trim().length < PALETTE_MIN_QUERY) return null;
  const key = area.resource.key;
  const w = whereBuilder();
  const byName = w.and(...words.map((word) => w.or(...title.map((column) => w.contains(column, word)))));
  const id = /^\d{1,9}$/.test(query.trim()) ? w.eq(key, Number(query.trim())) : null;
  return {
    table: area.list.name,
    fields: [...new Set([key, ...title, ...(area.detail ?? [])])].join(","),
    where: w.print(id ? w.or(id, byName) : byName),
    order: area.order,
    rowLimit: PALETTE_RECORDS_SHOWN,
  };
}
