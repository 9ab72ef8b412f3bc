export { EMPLOYEE_TABS as tabs } from "./EmployeeAdministration";
