import { OPERATIONS, RESOURCES, TOASTS, type Toast } from "@office/core";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { call } from "../../api/operations";
import { useChange } from "../../services/operations";
import { tableKey } from "../../services/query-keys";
import { showToast } from "../../services/toast";

type Fields = Record<string, unknown>;

/** One write of a record form: an insert's fields, an update's where and fields, a delete's where. */
export interface RecordWrite {
  kind: "insert" | "update" | "delete";
  where?: string;
  fields?: Fields;
}

/** What a write answers: an insert's new key, a delete's keys (for its Undo). */
export interface WriteOutcome {
  id?: number;
  keys?: number[];
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
): Promise<WriteOutcome> {
  if (kind === "insert") {
    const { id } = await api<{ id: number }>("POST", "/API/Insert/", { table, fields });
    if (!(id > 0)) throw new Error("Failed Insert");
    return { id };
  }
  if (kind === "update") {
    const { status } = await api<{ status: string }>("PUT", "/API/Update/", { table, where, fields, debug: 0 });
    if (status !== "success") throw new Error("Failed Update");
    return {};
  }
  const { id, keys } = await api<{ id: number; keys: number[] }>("POST", "/API/Delete/", { table, where });
  if (!(id > 0)) throw new Error("Failed Delete");
  return { keys };
}

const OUTCOME: Record<"insert" | "update" | "delete", { done: Toast; failed: Toast }> = {
  insert: { done: TOASTS.inserted, failed: TOASTS.insertFailed },
  update: { done: TOASTS.updated, failed: TOASTS.updateFailed },
  delete: { done: TOASTS.deleted, failed: TOASTS.deleteFailed },
};

/**
 * Insert, update and delete of one table, with the toasts of docs/product-rules.md#toasts and
 * the cached rows of the table and the views that read it refreshed. A delete's toast offers
 * Undo, which puts the records back (POST /API/Undo/) and refreshes them again. A failure
 * rejects with the error (its fieldErrors go onto the form).
 */
export function useRecordWrites(table: string) {
  const client = useQueryClient();
  const undo = useUndo(table);
  return useChange(
    ({ kind, where = "", fields = {} }: RecordWrite) => writeRecord(kind, table, where, fields),
    () => [table, ...cascadedTables(table)],
    {
      done: (_outcome, { kind }) => (kind === "delete" ? undefined : OUTCOME[kind].done),
      failed: (_why, { kind }) => OUTCOME[kind].failed,
      onDone: ({ keys }, { kind }) => {
        if (kind !== "delete") return;
        // A deleted record read again would be 'Not Found' under the page that deleted it.
        client.removeQueries({ queryKey: tableKey.records(table) });
        showToast(TOASTS.deleted, () => undo.mutate({ table, keys: keys ?? [] }));
      },
    },
  );
}

/** What a table's delete takes with it: an Undo puts those back too. */
function cascadedTables(table: string): string[] {
  return (RESOURCES.get(table)?.cascades ?? []).map((cascade) => cascade.table);
}

/** The Undo of a delete: the records back, and every read of their tables refreshed. */
function useUndo(table: string) {
  return useChange(
    (input: { table: string; keys: number[] }) => call(OPERATIONS.undoDelete, input),
    () => [table, ...cascadedTables(table)],
    { done: () => TOASTS.restored, failed: (why) => TOASTS.restoreFailed(why) },
  );
}
