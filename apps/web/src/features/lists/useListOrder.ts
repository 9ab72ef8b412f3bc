import { ADMINISTRATION_OPERATIONS as op, TOASTS } from "@office/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { call } from "../../api/operations";
import { endsSession } from "../../services/failures";
import { invalidateTables } from "../../services/query-keys";
import { showToast } from "../../services/toast";
import { type LookupRow, lookupRowsQuery } from "./lookup-list";

/**
 * Puts a list's values in a new order through PUT /API/ListOrder/ (audited by the server):
 * shown at once, then read again. The moves of one list go one after the other, each with
 * every id of the list, so the last one asked is the one kept. The list is read again only
 * once the last move is done: a read between two moves would show the order without the later
 * one for a moment (and take the focus off the row being moved).
 */
export function useListOrder(group: string) {
  const client = useQueryClient();
  const { queryKey } = lookupRowsQuery(group);
  const moving = useRef(0);
  return useMutation({
    scope: { id: `list-order:${group}` },
    mutationFn: (ids: number[]) => call(op.reorderList, { group, ids }),
    onMutate: async (ids) => {
      moving.current++;
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData(queryKey);
      if (before) {
        const byId = new Map(before.map((row) => [row.appLookupID, row]));
        const moved = ids.map((id) => byId.get(id)).filter((row): row is LookupRow => row !== undefined);
        client.setQueryData(queryKey, moved);
      }
      return { before };
    },
    onError: (error, _ids, context) => {
      if (context?.before) client.setQueryData(queryKey, context.before);
      // A 409 (the list changed meanwhile) is a failed update too; the list is read again.
      if (!endsSession(error)) showToast(TOASTS.updateFailed);
    },
    onSettled: () => {
      moving.current--;
      return moving.current === 0 ? invalidateTables(client, op.reorderList.changes) : undefined;
    },
  });
}
