import { AVAILABILITY_TYPES, WEEKDAYS, type Weekday } from "../constants.js";
import { LOOKUP_GROUPS } from "../lists.js";
import { EMPLOYEE_TYPES } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { type Column, col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

const officeHours = Object.fromEntries(
  WEEKDAYS.map((day) => [`empOfficeHours${day}`, col.text(100, { nullable: true, label: `Office Hours ${day}` })]),
) as Record<`empOfficeHours${Weekday}`, Column>;

export const tblEmployee = resource({
  name: "tblEmployee",
  kind: "table",
  key: "empID",
  access: pageAccess(PAGES.employees),
  // An employee sets their own availability; the server stamps the time.
  selfService: { column: "empID", fields: ["empAvailabilityType", "empAvailabilityTS"], stamp: ["empAvailabilityTS"] },
  order: ["empLastName", "empFirstName"],
  columns: {
    empID: col.id({ label: "ID" }),
    empFirstName: col.text(100, { searchable: true, label: "First Name", rules: ["required"] }),
    empLastName: col.text(100, { searchable: true, label: "Last Name", rules: ["required"] }),
    empActive: col.flag({ optional: true, label: "Active", initial: "1" }),
    empDepartment: col.lookup(LOOKUP_GROUPS.departments, { label: "Department" }),
    empManagerID: col.reference(
      { table: "vwEmployeeDirectory", value: "empID", label: "empName", activeColumn: "empActive" },
      { label: "Manager" },
    ),
    empType: col.choice(EMPLOYEE_TYPES, { nullable: true, label: "Employee Type" }),
    empEmail: col.email({ searchable: true, label: "E-Mail" }),
    empPhone: col.tel({ nullable: true, label: "Phone" }),
    empHireDate: col.date({ nullable: true, label: "Hire Date" }),
    empOfficeExtention: col.text(20, { nullable: true, searchable: true, label: "Extension" }),
    ...officeHours,
    empAvailabilityType: col.oneOf(AVAILABILITY_TYPES, { nullable: true, label: "Availability" }),
    empAvailabilityTS: col.timestamp({ nullable: true, label: "Availability Changed" }),
  },
});
