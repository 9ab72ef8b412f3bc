import { vwMyRecentProjects, vwProjectList } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useAccess } from "../../services/access";
import { tableColumns } from "../../widgets/table/columns";
import { type PlainColumn, PlainTable } from "../../widgets/table/PlainTable";
import { myRecentProjectsQuery, RECENT_PROJECT_FIELDS } from "./recent-projects-query";

const [id, name, ...rest] = tableColumns(vwMyRecentProjects, [...RECENT_PROJECT_FIELDS]) as [
  PlainColumn,
  PlainColumn,
  ...PlainColumn[],
];
const open = (row: Record<string, unknown>) => `/project/de?id=${row.projectID}`;

/**
 * The user's own projects (logged time on, set a status of, or owned), the latest first; each
 * opens, for those who may open projects (page 3).
 */
export function MyRecentProjects() {
  const mayOpen = useAccess().mayView(vwProjectList);
  const { data, isError } = useQuery(myRecentProjectsQuery);
  return (
    <PlainTable
      caption="My recent projects"
      columns={[id, mayOpen ? { ...name, linkTo: open } : name, ...rest]}
      rows={data}
      rowKey={(row) => String(row.projectID)}
      empty="No recent project"
      failed={isError}
    />
  );
}
