import { openProjectWhere } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { queryRows } from "../api/client";
import { tableKey } from "../services/query-keys";
import type { Row } from "./Typeahead";

/**
 * A project as the type-ahead offers it (ProjectTypeahead.tsx), without the type-ahead: what
 * the header's buttons read before any box is open, so they load no dropdown.
 */
export const PROJECT_OPTION_FIELDS = "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber";

export const projectOptionLabel = (p: Row) =>
  [p.projectID, p.projectName, p.projectFirstSourceNumber, p.projectSecondSourceNumber].filter(Boolean).join(" · ");

const openProject = (projectID: number) => ({
  table: "vwProjectSearch",
  fields: PROJECT_OPTION_FIELDS,
  where: openProjectWhere(projectID),
});

/** One project as the type-ahead offers it, or none when it is not open (or not to be seen). */
export const openProjectQuery = (projectID: number) =>
  queryOptions({
    queryKey: tableKey.first(openProject(projectID)),
    queryFn: async (): Promise<Row | null> => (await queryRows<Row>(openProject(projectID))).data[0] ?? null,
  });
