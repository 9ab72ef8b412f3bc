import { can, type Grant, type PermissionFlag, type ResourceDef } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { permissionsQuery } from "../../app/session";
import type { DialogRights } from "./dialog-buttons";

/** Whether the signed-in user may do an action a resource grants (the server decides again). */
function allowed(permissions: Parameters<typeof can>[0], grant: Grant, flag: PermissionFlag) {
  if (grant === null) return false;
  if (grant === "anyone" || grant === "everyone") return true;
  return can(permissions, grant, flag);
}

/** The signed-in user's rights on a resource, for its record dialog's buttons. */
export function useRights(resource: ResourceDef): DialogRights {
  const { data: permissions = [] } = useQuery(permissionsQuery);
  return {
    insert: allowed(permissions, resource.access.add, "add"),
    update: allowed(permissions, resource.access.change, "change"),
    delete: allowed(permissions, resource.access.del, "del"),
  };
}
