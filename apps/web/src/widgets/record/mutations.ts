import { TOASTS, type Toast } from "@office/core";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { useChange } from "../../services/operations";
import { tableKey } from "../../services/query-keys";

type Fields = Record<string, unknown>;

/** One write of a record form: an insert's fields, an update's where and fields, a delete's where. */
export interface RecordWrite {
  kind: "insert" | "update" | "delete";
  where?: string;
  fields?: Fields;
}

/**
 * One write through the data service; an answer that is not success
 * (docs/product-rules.md#calls) is its 'Failed …' toast. An insert answers the new record's key.
 */
export async function writeRecord(
  kind: "insert" | "update" | "delete",
  table: string,
  where: string,
  fields: Fields,
): Promise<number | undefined> {
  if (kind === "insert") {
    const { id } = await api<{ id: number }>("POST", "/API/Insert/", { table, fields });
    if (!(id > 0)) throw new Error("Failed Insert");
    return id;
  }
  if (kind === "update") {
    const { status } = await api<{ status: string }>("PUT", "/API/Update/", { table, where, fields, debug: 0 });
    if (status !== "success") throw new Error("Failed Update");
  } else {
    const { id } = await api<{ id: number }>("POST", "/API/Delete/", { table, where });
    if (!(id > 0)) throw new Error("Failed Delete");
  }
  return undefined;
}

const OUTCOME: Record<"insert" | "update" | "delete", { done: Toast; failed: Toast }> = {
  insert: { done: TOASTS.inserted, failed: TOASTS.insertFailed },
  update: { done: TOASTS.updated, failed: TOASTS.updateFailed },
  delete: { done: TOASTS.deleted, failed: TOASTS.deleteFailed },
};

/**
 * Insert, update and delete of one table, with the toasts of docs/product-rules.md#toasts and
 * the cached rows of the table and the views that read it refreshed. A failure rejects with the
 * error (its fieldErrors go onto the form).
 */
export function useRecordWrites(table: string) {
  const client = useQueryClient();
  return useChange(
    ({ kind, where = "", fields = {} }: RecordWrite) => writeRecord(kind, table, where, fields),
    () => [table],
    {
      done: (_id, { kind }) => OUTCOME[kind].done,
      failed: (_why, { kind }) => OUTCOME[kind].failed,
      // A deleted record read again would be 'Not Found' under the page that deleted it.
      onDone: (_id, { kind }) => {
        if (kind === "delete") client.removeQueries({ queryKey: tableKey.records(table) });
      },
    },
  );
}
