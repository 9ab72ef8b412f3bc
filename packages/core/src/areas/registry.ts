import type { Area } from "./area.js";
import { CREDIT_CARD_AREAS } from "./credit-cards.js";
import { DIRECTORY_AREAS } from "./directory.js";
import { PROJECT_AREAS } from "./projects.js";

/** Every area built from a declaration. */
export const AREAS: readonly Area[] = [...DIRECTORY_AREAS, ...PROJECT_AREAS, ...CREDIT_CARD_AREAS];

/** The area a route belongs to, by any of its routes. */
export function areaOf(path: string): Area | undefined {
  return AREAS.find((a) => [a.allPath, a.searchPath, a.recordPath].includes(path));
}
