import type { AvailabilitySource } from "@office/core";

/** A colleague's row of the availability view, as tests need one: In since a morning of the week. */
export const colleague = (
  empID: number,
  first: string,
  last: string,
  department: number,
  departmentName: string,
): AvailabilitySource & Record<string, unknown> => ({
  empID,
  empFirstName: first,
  empLastName: last,
  empDepartment: department,
  departmentName,
  departmentEmail: "",
  empOfficeExtention: "",
  todayHours: "",
  empAvailabilityType: "In",
  empAvailabilityTS: "2026-11-23T09:00:00Z",
});
