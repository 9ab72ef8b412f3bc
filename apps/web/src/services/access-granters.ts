import { queryOptions } from "@tanstack/react-query";
import { executeQuery } from "../api/client";
import { namedKey } from "./query-keys";

/** Who can grant access (active administrators: view on page 40), for a user who has none yet. */
export const accessGrantersQuery = queryOptions({
  // Read again when someone's permissions or an employee change.
  queryKey: namedKey("accessGranters"),
  queryFn: () => executeQuery("accessGranters"),
  staleTime: 5 * 60_000,
});
