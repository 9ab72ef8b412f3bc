import {
  can,
  type Grant,
  type GrantName,
  grantAllows,
  holds,
  mayWriteRow,
  type PageFlags,
  type PageId,
  type PermissionFlag,
  type RecordTarget,
  type Resource,
  type RouteDef,
  routeAccess,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { permissionsQuery, userQuery } from "./session";

/** What a user may do on a resource's records: the buttons of its forms (the server decides again). */
export type RecordRights = Omit<PageFlags, "view">;

/**
 * What the signed-in user may do, by core's access rules (access.ts) over their permission
 * rows: the one question every page and widget asks, so the web app shows only what the server
 * would allow. Until the rows are read, nothing is allowed.
 */
export function useAccess() {
  const { data: permissions = [] } = useQuery(permissionsQuery);
  const empID = useQuery(userQuery).data?.empID ?? null;
  return useMemo(
    () => ({
      /** A flag on a site page. */
      page: (page: PageId, flag: PermissionFlag) => can(permissions, page, flag),
      /** A named grant (core's GRANTS): administrators' parts of a page, say. */
      holds: (name: GrantName) => holds(permissions, name),
      /** A resource's grant for an action ("everyone", "anyone", or a page's flag). */
      grant: (grant: Grant, flag: PermissionFlag) => grantAllows(permissions, grant, flag),
      /** Whether a route opens (the guard's rule; a data-entry path without a query needs add). */
      route: (route: RouteDef, search = "") => routeAccess(route, search, permissions) === "allowed",
      rights: (resource: Pick<Resource, "access">): RecordRights => ({
        add: grantAllows(permissions, resource.access.add, "add"),
        change: grantAllows(permissions, resource.access.change, "change"),
        del: grantAllows(permissions, resource.access.del, "del"),
      }),
      /**
       * What the user may do on one row: its Update and Delete where the resource keeps rows for
       * their authors (a time note: its author's, or anyone's for a supervisor), no Insert.
       */
      row: (
        resource: Pick<Resource, "access" | "authorWrites">,
        row: Readonly<Record<string, unknown>>,
      ): RecordRights => ({
        add: false,
        change: mayWriteRow(permissions, resource, "change", empID, row),
        del: mayWriteRow(permissions, resource, "del", empID, row),
      }),
      /** Whether a link to a record leads somewhere the user may go: its area's view right. */
      opens: (target: RecordTarget) => can(permissions, target.page, "view"),
      /** Whether the user may read a resource: a part of a page that reads it is left out otherwise, not refused. */
      mayView: (resource: Pick<Resource, "access">) => grantAllows(permissions, resource.access.view, "view"),
    }),
    [permissions, empID],
  );
}
