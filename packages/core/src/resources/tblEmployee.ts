import { AVAILABILITY_TYPES } from "../constants.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

const hours = () => col.text(100, { nullable: true });

export const tblEmployee = resource({
  name: "tblEmployee",
  kind: "table",
  key: "empID",
  access: pageAccess(PAGES.employees),
  // Spec 4: an employee sets their own availability; the server stamps the time.
  selfService: { column: "empID", fields: ["empAvailabilityType", "empAvailabilityTS"], stamp: ["empAvailabilityTS"] },
  order: ["empLastName", "empFirstName"],
  columns: {
    empID: col.id(),
    empFirstName: col.text(100, { searchable: true }),
    empLastName: col.text(100, { searchable: true }),
    empActive: col.flag({ optional: true }),
    empDepartment: col.integer({ nullable: true, min: 1 }),
    empManagerID: col.integer({ nullable: true, min: 1 }),
    empOfficeExtention: col.text(20, { nullable: true, searchable: true }),
    empOfficeHoursSu: hours(),
    empOfficeHoursMo: hours(),
    empOfficeHoursTu: hours(),
    empOfficeHoursWe: hours(),
    empOfficeHoursTh: hours(),
    empOfficeHoursFr: hours(),
    empOfficeHoursSa: hours(),
    empAvailabilityType: col.oneOf(AVAILABILITY_TYPES, { nullable: true }),
    empAvailabilityTS: col.timestamp({ nullable: true }),
  },
});
