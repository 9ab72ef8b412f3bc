import type { Area, Resource } from "@office/core";
import type { ComponentType } from "react";

type Row = Record<string, unknown>;

/**
 * An action an area adds to the rows chosen together on its search and list (its panel file's
 * `bulk`): shown to whoever holds `flag` on `resource`, which is what the action writes.
 */
export interface BulkAction {
  resource: Pick<Resource, "access">;
  flag: "add" | "change" | "del";
  Action: ComponentType<{ rows: Row[]; done: () => void }>;
}

/** The column that names a chosen row (its checkbox's label): the list's first that is not an id. */
export const rowTitleColumn = (area: Area) => area.listColumns.find((name) => !/ID$/.test(name)) ?? area.resource.key;

/** How many rows of an area were chosen, in words: "1 project", "3 projects". */
export const chosenCount = (count: number, area: Pick<Area, "noun" | "listTitle">) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? area.noun : area.listTitle.toLowerCase()}`;
