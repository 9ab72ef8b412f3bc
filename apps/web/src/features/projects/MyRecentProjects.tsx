import { vwMyRecentProjects, vwProjectList } from "@office/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryRows } from "../../api/client";
import { useAccess } from "../../services/access";
import { tableColumns } from "../../widgets/table/columns";
import { type PlainColumn, PlainTable } from "../../widgets/table/PlainTable";

const SHOWN = 10;
const [id, name, ...rest] = tableColumns(vwMyRecentProjects, [
  "projectID",
  "projectName",
  "latestStatusName",
  "lastActivityTS",
]) as [PlainColumn, PlainColumn, ...PlainColumn[]];
const open = (row: Record<string, unknown>) => `/project/de?id=${row.projectID}`;
const FIELDS = [id, name, ...rest].map((c) => c.key).join(",");

/** The user's ten most recent projects (also Home's): one read serves both pages. */
export const myRecentProjectsQuery = queryOptions({
  queryKey: [vwMyRecentProjects.name, "list", { recent: SHOWN }],
  queryFn: async () =>
    (
      await queryRows<Record<string, unknown>>({
        table: vwMyRecentProjects.name,
        fields: FIELDS,
        order: "lastActivityTS DESC",
        rowLimit: SHOWN,
      })
    ).data,
});

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
