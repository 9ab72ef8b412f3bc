import type { RecordTab } from "../../area-engine/RecordTabs";
import { PermissionGrid } from "./PermissionGrid";
import { SignInForm } from "./SignInForm";

const administrators: RecordTab["shown"] = (access) => access.holds("administrators");

/**
 * What an employee's page adds for administrators (page 40): their sign-in and their
 * permissions, each a tab of its own (docs/decisions.md#related-tabs).
 */
export const EMPLOYEE_TABS: readonly RecordTab[] = [
  { value: "sign-in", label: "Sign-in", shown: administrators, Tab: ({ id }) => <SignInForm empID={id} /> },
  { value: "permissions", label: "Permissions", shown: administrators, Tab: ({ id }) => <PermissionGrid empID={id} /> },
];
