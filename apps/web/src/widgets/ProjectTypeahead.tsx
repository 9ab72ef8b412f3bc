import { openProjectWhere, PROJECT_DROPDOWN_ROW_LIMIT, projectSearchWhere } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { queryRows } from "../api/client";
import { tableKey } from "../services/query-keys";
import { type Row, Typeahead, type TypeaheadProps } from "./Typeahead";

const FIELDS = "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber";

const label = (p: Record<string, unknown>) =>
  [p.projectID, p.projectName, p.projectFirstSourceNumber, p.projectSecondSourceNumber].filter(Boolean).join(" · ");

type ProjectTypeaheadProps = Omit<
  TypeaheadProps,
  "table" | "fields" | "whereFor" | "order" | "rowLimit" | "valueFor" | "labelFor"
> & {
  /** Closed projects too (56, 66, 194), when the user asks for them. */
  closedToo?: boolean;
};

/**
 * The project type-ahead: up to 50 open projects (latest status not 56, 66
 * or 194) whose id, name or source numbers match, newest first, as "id · name · sources".
 */
export function ProjectTypeahead({ closedToo = false, ...props }: ProjectTypeaheadProps) {
  return (
    <Typeahead
      table="vwProjectSearch"
      fields={FIELDS}
      whereFor={(term) => projectSearchWhere(term, closedToo)}
      order="projectID DESC"
      rowLimit={PROJECT_DROPDOWN_ROW_LIMIT}
      valueFor={(p) => String(p.projectID)}
      labelFor={label}
      nothingFound={closedToo ? "No project matches" : "No open project matches"}
      {...props}
    />
  );
}

const openProject = (projectID: number) => ({
  table: "vwProjectSearch",
  fields: FIELDS,
  where: openProjectWhere(projectID),
});

/** One project as the type-ahead offers it, or none when it is not open (or not to be seen). */
export const openProjectQuery = (projectID: number) =>
  queryOptions({
    queryKey: tableKey.first(openProject(projectID)),
    queryFn: async (): Promise<Row | null> => (await queryRows<Row>(openProject(projectID))).data[0] ?? null,
  });
