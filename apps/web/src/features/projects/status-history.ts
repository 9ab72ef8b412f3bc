import { vwProjectStatusHistory, whereEquals } from "@office/core";
import { rowsQuery } from "../../services/rows-query";

const FIELDS = ["projectStatusID", "projectStatusCodeID", "statusName", "empID", "empName", "createdTS"] as const;

/** A project's status history, latest first: its first row is the project's status. */
export function statusHistoryQuery(projectID: number) {
  return rowsQuery<Record<string, unknown>>({
    table: vwProjectStatusHistory.name,
    fields: FIELDS.join(","),
    where: whereEquals("projectID", projectID),
    order: "createdTS DESC, projectStatusID DESC",
  });
}
