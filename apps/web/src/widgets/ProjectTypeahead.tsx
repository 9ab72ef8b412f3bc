import { PROJECT_DROPDOWN_ROW_LIMIT, projectSearchWhere } from "@office/core";
import { Typeahead, type TypeaheadProps } from "./Typeahead";

const label = (p: Record<string, unknown>) =>
  [p.projectID, p.projectName, p.projectFirstSourceNumber, p.projectSecondSourceNumber].filter(Boolean).join(" · ");

type ProjectTypeaheadProps = Omit<
  TypeaheadProps,
  "table" | "fields" | "whereFor" | "order" | "rowLimit" | "valueFor" | "labelFor" | "nothingFound"
>;

/**
 * The project type-ahead: up to 50 open projects (latest status not 56, 66
 * or 194) whose id, name or source numbers match, newest first, as "id · name · sources".
 */
export function ProjectTypeahead(props: ProjectTypeaheadProps) {
  return (
    <Typeahead
      table="vwProjectSearch"
      fields="projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber"
      whereFor={projectSearchWhere}
      order="projectID DESC"
      rowLimit={PROJECT_DROPDOWN_ROW_LIMIT}
      valueFor={(p) => String(p.projectID)}
      labelFor={label}
      nothingFound="No open project matches"
      {...props}
    />
  );
}
