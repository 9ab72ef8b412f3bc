import * as all from "./all.js";
import type { ResourceDef } from "./resource.js";

export * from "./all.js";
export * from "./column.js";
export * from "./form.js";
export * from "./resource.js";

/** Every resource the data service serves, by the name the calls use. */
export const RESOURCES: ReadonlyMap<string, ResourceDef> = new Map(
  Object.values(all).map((def) => [def.name, def as unknown as ResourceDef]),
);
