import { vwProjectStatusHistory, whereEquals } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { queryRows } from "../../api/client";

const FIELDS = ["projectStatusID", "projectStatusCodeID", "statusName", "empName", "createdTS"] as const;

/** A project's status history, latest first: its first row is the project's status. */
export function statusHistoryQuery(projectID: number) {
  const where = whereEquals("projectID", projectID);
  return queryOptions({
    queryKey: [vwProjectStatusHistory.name, "list", { projectID }],
    queryFn: async () =>
      (
        await queryRows<Record<string, unknown>>({
          table: vwProjectStatusHistory.name,
          fields: FIELDS.join(","),
          where,
          order: "createdTS DESC, projectStatusID DESC",
        })
      ).data,
  });
}
