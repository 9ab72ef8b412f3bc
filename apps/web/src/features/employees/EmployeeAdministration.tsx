import { useAccess } from "../../services/access";
import { PermissionGrid } from "./PermissionGrid";
import { SignInForm } from "./SignInForm";

/** What administrators (view on page 40) see under an employee's record: their sign-in and permissions. */
export function EmployeeAdministration({ id }: { id: number }) {
  const access = useAccess();
  if (!access.holds("administrators")) return null;
  return (
    <>
      <SignInForm empID={id} />
      <PermissionGrid empID={id} />
    </>
  );
}
