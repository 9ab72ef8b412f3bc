import { grantAllows, type ResourceDef } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { permissionsQuery } from "../../services/session";
import type { DialogRights } from "./dialog-buttons";

/** The signed-in user's rights on a resource, for its record dialog's buttons (the server decides again). */
export function useRights(resource: Pick<ResourceDef, "access">): DialogRights {
  const { data: permissions = [] } = useQuery(permissionsQuery);
  return {
    insert: grantAllows(permissions, resource.access.add, "add"),
    update: grantAllows(permissions, resource.access.change, "change"),
    delete: grantAllows(permissions, resource.access.del, "del"),
  };
}

/** Whether the user may read a resource: a part of a page that reads it is left out otherwise, not refused. */
export function useMayView(resource: Pick<ResourceDef, "access">): boolean {
  const { data: permissions = [] } = useQuery(permissionsQuery);
  return grantAllows(permissions, resource.access.view, "view");
}
