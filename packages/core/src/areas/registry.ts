import type { PageId } from "../pages.js";
import type { Area } from "./area.js";
import { CREDIT_CARD_AREAS } from "./credit-cards.js";
import { DIRECTORY_AREAS } from "./directory.js";
import { PROJECT_AREAS } from "./projects.js";
import { SHIPMENT_AREAS } from "./shipments.js";

/** Every area built from a declaration. */
export const AREAS: readonly Area[] = [...DIRECTORY_AREAS, ...PROJECT_AREAS, ...CREDIT_CARD_AREAS, ...SHIPMENT_AREAS];

/** The area a route belongs to, by any of its routes. */
export function areaOf(path: string): Area | undefined {
  return AREAS.find((a) => [a.allPath, a.searchPath, a.recordPath].includes(path));
}

/** Where a record opens, and the page whose view right the user needs to follow a link there. */
export interface RecordTarget {
  /** Its record page, or its list, whose dialog opens on the record named in the address. */
  path: string;
  page: PageId;
}

const targets = new Map<string, RecordTarget>(
  AREAS.flatMap((a) => {
    const target = { path: a.recordPath ?? a.listPath, page: a.page };
    return [
      [a.resource.name, target],
      [a.list.name, target],
    ] as const;
  }),
);

/**
 * Where a record of a table (or of its area's list view) opens: /client/de?id=7, or
 * /vendor/all?id=3 for an area edited in a dialog. Undefined for a table no area shows (the
 * lookup lists, a client's contacts).
 */
export const recordTarget = (table: string): RecordTarget | undefined => targets.get(table);

/** The address of one record on a page that shows a record by its id (`/project/de?id=12`). */
export const recordAddress = (path: string, id: unknown) => `${path}?id=${encodeURIComponent(String(id))}`;

/** The address of one record of a target. */
export const recordHref = (target: RecordTarget, id: unknown) => recordAddress(target.path, id);
