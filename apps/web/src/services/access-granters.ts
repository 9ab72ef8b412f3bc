import { queryOptions } from "@tanstack/react-query";
import { executeQuery } from "../api/client";
import { SESSION_KEY } from "./session";

export interface AccessGranter {
  empID: number;
  empFirstName: string;
  empLastName: string;
  empEmail: string | null;
  empOfficeExtention: string | null;
}

/** Who can grant access (active administrators: view on page 40), for a user who has none yet. */
export const accessGrantersQuery = queryOptions({
  queryKey: [...SESSION_KEY, "accessGranters"],
  queryFn: () => executeQuery<AccessGranter>("accessGranters"),
  staleTime: 5 * 60_000,
});
