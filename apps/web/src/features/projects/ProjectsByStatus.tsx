import { NONE, PROJECTS, STATUS_FIELD, vwProjectList, vwProjectsByStatus } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useAccess } from "../../services/access";
import { referenceOf, referenceRowsQuery } from "../../widgets/form/reference-rows";
import { type PlainColumn, PlainTable } from "../../widgets/table/PlainTable";
import { totalsQuery } from "../searches/totals-query";

const STATUSES = referenceOf(STATUS_FIELD);
const NO_STATUS = PROJECTS.criteria.find((c) => c.name === "status")?.none ?? "No status";

type StatusRow = { status: string; name: string; count: number };

const thousands = (n: unknown) => Number(n).toLocaleString("en-US");
const COUNT: PlainColumn = { key: "count", label: "Projects", numeric: true, format: thousands };
const searchOf = (row: Record<string, unknown>) => `/project?status=${row.status}`;
const countLabel = (row: Record<string, unknown>) =>
  `${row.name}: ${row.count} ${row.count === 1 ? "project" : "projects"}`;

/**
 * Every status of the list in its order, with how many projects are in it now (a status no
 * project is in counts 0), and the projects with no status yet where there are any. For those
 * who may search projects (page 3), a count opens the project search for that status.
 */
export function ProjectsByStatus() {
  const mayOpen = useAccess().mayView(vwProjectList);
  const statuses = useQuery(referenceRowsQuery(STATUSES));
  const totals = useQuery(totalsQuery(vwProjectsByStatus, "projectLatestStatusCodeID", ""));
  const counts = new Map(totals.data?.data.map((group) => [String(group.key), group.count]));
  const none = counts.get("null") ?? 0;
  const rows: StatusRow[] | undefined =
    statuses.data && totals.data
      ? [
          ...statuses.data.data.map((status) => ({
            status: String(status.appLookupID),
            name: String(status.appLookupValue ?? ""),
            count: counts.get(String(status.appLookupID)) ?? 0,
          })),
          ...(none > 0 ? [{ status: NONE, name: NO_STATUS, count: none }] : []),
        ]
      : undefined;
  const columns: PlainColumn[] = [
    { key: "name", label: "Status" },
    mayOpen ? { ...COUNT, linkTo: searchOf, linkLabel: countLabel } : COUNT,
  ];
  return (
    <PlainTable
      caption="Projects by status"
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.status)}
      total={totals.data ? [thousands(totals.data.meta.count)] : undefined}
      failed={statuses.isError || totals.isError}
    />
  );
}
