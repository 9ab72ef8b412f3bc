import { anyResource, STATUS_FIELD, vwProjectList } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { referenceOf, referenceRowsQuery } from "../../widgets/form/reference-rows";
import { type PlainColumn, PlainTable } from "../../widgets/table/PlainTable";
import { totalsQuery } from "../searches/totals-query";

const STATUSES = referenceOf(STATUS_FIELD);

const COLUMNS: PlainColumn[] = [
  { key: "appLookupValue", label: "Status" },
  { key: "count", label: "Projects", numeric: true, linkTo: (row) => `/project?status=${row.appLookupID}` },
];

/**
 * Every status of the list in its order, with how many projects are in it now; a count opens
 * the project search for that status. A status no project is in counts 0.
 */
export function ProjectsByStatus() {
  const { data: statuses } = useQuery(referenceRowsQuery(STATUSES));
  const { data: totals } = useQuery(totalsQuery(anyResource(vwProjectList), "projectLatestStatusCodeID", ""));
  const counts = new Map(totals?.data.map((group) => [String(group.key), group.count]));
  const rows =
    statuses && totals
      ? statuses.data.map((status) => ({ ...status, count: counts.get(String(status.appLookupID)) ?? 0 }))
      : undefined;
  return (
    <PlainTable
      caption="Projects by status"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => String(row.appLookupID)}
      total={rows ? [rows.reduce((sum, row) => sum + row.count, 0)] : undefined}
    />
  );
}
