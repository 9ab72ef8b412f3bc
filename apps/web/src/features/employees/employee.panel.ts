export { EmployeeAdministration as default } from "./EmployeeAdministration";
