import { PROJECT_DROPDOWN_ROW_LIMIT, projectSearchWhere } from "@office/core";
import { PROJECT_OPTION_FIELDS, projectOptionLabel } from "./project-query";
import { Typeahead, type TypeaheadProps } from "./Typeahead";

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
      fields={PROJECT_OPTION_FIELDS}
      whereFor={(term) => projectSearchWhere(term, closedToo)}
      order="projectID DESC"
      rowLimit={PROJECT_DROPDOWN_ROW_LIMIT}
      valueFor={(p) => String(p.projectID)}
      labelFor={projectOptionLabel}
      nothingFound={closedToo ? "No project matches" : "No open project matches"}
      {...props}
    />
  );
}
