/** The shipments list's own part (area-pages.tsx): the latest tracking run above the list. */
export { LastTrackingRun as aboveList } from "./LastTrackingRun";
