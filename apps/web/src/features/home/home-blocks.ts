import {
  dateIn,
  type Grant,
  grantAllows,
  hoursRangesOf,
  type PermissionRow,
  tblEvent,
  tblReleaseNote,
  vwEmployeeAvailability,
  vwMyProjectNotes,
  vwMyRecentProjects,
} from "@office/core";
import type { QueryClient } from "@tanstack/react-query";
import { appConfigQuery, pendingApprovalCountQuery } from "../../services/session";
import { availabilityQuery } from "../availability/availability-query";
import { missingReceiptCountQuery } from "../credit-cards/queries";
import { myRecentProjectsQuery } from "../projects/recent-projects-query";
import { newestReleaseNotesQuery } from "../release-notes/read-notes";
import { myStuckShipmentsQuery } from "../shipping/stuck-query";
import { loggedNotesQuery, myOfficeHoursQuery } from "../time-notes/queries";
import { dayOccurrencesQuery } from "./today-query";

/** How many release notes Home shows. */
export const RELEASE_NOTES_SHOWN = 3;

/**
 * Home's blocks in their order: whose view right each needs (none: everyone's) and what it
 * reads on the company's day. The page shows the blocks the user may see, and the route's guard
 * asks for their reads with the permissions, so Home is painted in one round of calls.
 */
export const HOME_BLOCKS = [
  // The day's events first: what a phone shows before anything else.
  {
    name: "today",
    needs: tblEvent.access.view,
    reads: (day: string) => [dayOccurrencesQuery(day)],
  },
  {
    name: "myWeek",
    needs: vwMyProjectNotes.access.view,
    reads: (day: string) => [loggedNotesQuery(hoursRangesOf(day).week), myOfficeHoursQuery],
  },
  {
    name: "waiting",
    needs: undefined,
    reads: () => [pendingApprovalCountQuery, missingReceiptCountQuery, myStuckShipmentsQuery],
  },
  // As long as two of the others: it takes two rows of the grid, so the shorter blocks beside it
  // follow one another without a gap under the shortest of its row.
  { name: "colleagues", needs: vwEmployeeAvailability.access.view, reads: () => [availabilityQuery], rows: 2 },
  { name: "recentProjects", needs: vwMyRecentProjects.access.view, reads: () => [myRecentProjectsQuery] },
  {
    name: "releaseNotes",
    needs: tblReleaseNote.access.view,
    reads: () => [newestReleaseNotesQuery(RELEASE_NOTES_SHOWN)],
  },
] as const satisfies readonly {
  name: string;
  needs: Grant | undefined;
  reads: (day: string) => unknown[];
  /** Rows of the grid the block spans (1 unless said). */
  rows?: number;
}[];

export type HomeBlockName = (typeof HOME_BLOCKS)[number]["name"];

/** The blocks a user with these permission rows sees. */
export const homeBlocksFor = (permissions: readonly PermissionRow[]) =>
  HOME_BLOCKS.filter((block) => !block.needs || grantAllows(permissions, block.needs, "view"));

/** Asks for what Home's blocks read, without waiting for the page to render (the guard's prefetch). */
export async function prefetchHome(client: QueryClient, permissions: readonly PermissionRow[]) {
  const config = await client.ensureQueryData(appConfigQuery);
  const day = dateIn(new Date(), config.timeZone);
  for (const block of homeBlocksFor(permissions))
    for (const read of block.reads(day)) void client.prefetchQuery(read as Parameters<QueryClient["prefetchQuery"]>[0]);
}
