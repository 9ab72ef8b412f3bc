import { vwMyRecentProjects } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { queryRows } from "../../api/client";
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
const COLUMNS: PlainColumn[] = [id, { ...name, linkTo: open }, ...rest];

/** The user's own projects (logged time on, set a status of, or owned), the latest first; each opens. */
export function MyRecentProjects() {
  const { data } = useQuery({
    queryKey: [vwMyRecentProjects.name, "list", { recent: SHOWN }],
    queryFn: async () =>
      (
        await queryRows<Record<string, unknown>>({
          table: vwMyRecentProjects.name,
          fields: COLUMNS.map((c) => c.key).join(","),
          order: "lastActivityTS DESC",
          rowLimit: SHOWN,
        })
      ).data,
  });
  return (
    <PlainTable
      caption="My recent projects"
      columns={COLUMNS}
      rows={data}
      rowKey={(row) => String(row.projectID)}
      empty="No recent project"
    />
  );
}
