import { col } from "./column.js";
import { readOnly, resource } from "./resource.js";

/**
 * Colleagues' availability (docs/product-rules.md#availability): active employees with view on
 * page 42, with their department's name and contact address and today's office hours. Everyone
 * signed in sees it.
 */
export const vwEmployeeAvailability = resource({
  name: "vwEmployeeAvailability",
  kind: "view",
  key: "empID",
  access: readOnly("anyone"),
  order: ["departmentName", "empLastName", "empFirstName"],
  reads: ["tblEmployee", "tblAppLookup", "tblPermission"],
  columns: {
    empID: col.integer(),
    empFirstName: col.text(100, { searchable: true }),
    empLastName: col.text(100, { searchable: true }),
    empDepartment: col.integer({ nullable: true }),
    departmentName: col.text(255, { nullable: true }),
    departmentEmail: col.text(1000, { nullable: true }),
    empOfficeExtention: col.text(20, { nullable: true }),
    todayHours: col.text(100, { nullable: true }),
    empAvailabilityType: col.text(10, { nullable: true }),
    empAvailabilityTS: col.timestamp({ nullable: true }),
  },
});
