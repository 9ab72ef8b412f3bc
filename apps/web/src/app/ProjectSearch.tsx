import { PROJECT_DROPDOWN_ROW_LIMIT, projectSearchWhere } from "@office/core";
import { useNavigate } from "react-router";
import { Typeahead } from "../widgets/Typeahead";

const label = (p: Record<string, unknown>) =>
  [p.projectID, p.projectName, p.projectFirstSourceNumber, p.projectSecondSourceNumber].filter(Boolean).join(" · ");

/**
 * The header's project search (spec 2.5): up to 50 open projects whose id, name or source
 * numbers match; choosing one opens it, and so does Enter with a project number.
 */
export function ProjectSearch({ width = 280 }: { width?: number | string }) {
  const navigate = useNavigate();
  const open = (id: number | string) => navigate(`/project/de?id=${id}`);
  return (
    <Typeahead
      label="Project search"
      placeholder="Search projects"
      table="vwProjectSearch"
      fields="projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber"
      whereFor={projectSearchWhere}
      order="projectID DESC"
      rowLimit={PROJECT_DROPDOWN_ROW_LIMIT}
      valueFor={(p) => String(p.projectID)}
      labelFor={label}
      value={null}
      onChange={(id) => {
        if (id) open(id);
      }}
      onNumber={open}
      nothingFound="No open project matches"
      width={width}
    />
  );
}
