import type { ColleagueAbsence } from "../availability.js";
import { operation } from "./operation.js";

/** Colleagues' availability beyond the view: who is out of office (availability.ts). */
export const AVAILABILITY_OPERATIONS = {
  colleaguesOutOfOffice: operation<void, { data: ColleagueAbsence[] }>({
    method: "GET",
    path: "/API/Availability/OutOfOffice",
    summary:
      "The absences of the colleagues in the availability list, now or within two days: the occurrences of \"Out of office\" events each attends, end to end (series expanded, changed or removed occurrences as they are now), with the company's offset. Whoever may read the list reads it, whatever events they may see: no event's title, only when.",
    tag: "Live updates",
    requires: { table: "vwEmployeeAvailability", flag: "view" },
    reads: ["vwEmployeeAvailability", "tblEvent", "tblEventAttendee", "tblEventException"],
    changes: [],
  }),
} as const;
