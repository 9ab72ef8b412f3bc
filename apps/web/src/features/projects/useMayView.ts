import { grantAllows, type ResourceDef } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { permissionsQuery } from "../../app/session";

/** Whether the user may read a resource: a part of a page that reads it is left out otherwise, not refused. */
export function useMayView(resource: Pick<ResourceDef, "access">): boolean {
  const { data: permissions = [] } = useQuery(permissionsQuery);
  return grantAllows(permissions, resource.access.view, "view");
}
