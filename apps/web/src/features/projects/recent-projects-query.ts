import { type RowOf, vwMyRecentProjects } from "@office/core";
import { rowsQuery } from "../../services/rows-query";

/** The columns of the user's recent projects, in the order the status dashboard shows them. */
export const RECENT_PROJECT_FIELDS = ["projectID", "projectName", "latestStatusName", "lastActivityTS"] as const;
const SHOWN = 10;

/** A recent project as the dashboard and Home show it. */
export type RecentProject = Pick<RowOf<typeof vwMyRecentProjects>, (typeof RECENT_PROJECT_FIELDS)[number]>;

/** The user's ten most recent projects (the status dashboard's and Home's): one read serves both pages. */
export const myRecentProjectsQuery = rowsQuery<RecentProject>({
  table: vwMyRecentProjects.name,
  fields: RECENT_PROJECT_FIELDS.join(","),
  order: "lastActivityTS DESC",
  rowLimit: SHOWN,
});
