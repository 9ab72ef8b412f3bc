import type { RowOf, tblEmployee } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { executeQuery } from "../api/client";
import { readKey } from "./query-keys";

/** An administrator as the named query answers them: how to reach them. */
export type AccessGranter = Pick<
  RowOf<typeof tblEmployee>,
  "empID" | "empFirstName" | "empLastName" | "empEmail" | "empOfficeExtention"
>;

/** Who can grant access (active administrators: view on page 40), for a user who has none yet. */
export const accessGrantersQuery = queryOptions({
  // Read again when someone's permissions or an employee change.
  queryKey: readKey(["tblEmployee", "tblPermission"], "accessGranters"),
  queryFn: () => executeQuery<AccessGranter>("accessGranters"),
  staleTime: 5 * 60_000,
});
