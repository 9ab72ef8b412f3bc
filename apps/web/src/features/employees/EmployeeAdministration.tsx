import { can, PAGES } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { permissionsQuery } from "../../services/session";
import { PermissionGrid } from "./PermissionGrid";
import { SignInForm } from "./SignInForm";

/** What administrators (view on page 40) see under an employee's record: their sign-in and permissions. */
export function EmployeeAdministration({ id }: { id: number }) {
  const { data: permissions = [] } = useQuery(permissionsQuery);
  if (!can(permissions, PAGES.administrator, "view")) return null;
  return (
    <>
      <SignInForm empID={id} />
      <PermissionGrid empID={id} />
    </>
  );
}
