import { type RecordForm, type Resource, whereEquals } from "@office/core";
import { type ReactNode, useMemo, useState } from "react";
import { useAccess } from "../../services/access";
import { ConfirmDelete } from "../ConfirmDelete";
import { RecordFields } from "../form/RecordFields";
import { RecordDialog } from "./RecordDialog";
import { useRecordForm, useRecordSave } from "./useRecordForm";

export interface RecordDialogOptions<K extends string> {
  resource: Resource;
  form: RecordForm<K>;
  /** The add button's words, which also title the new record's dialog. */
  newLabel: string;
  /** The title of an existing record's dialog. */
  recordTitle: string;
  /** What a record is, in words, for the question before a delete. */
  noun: string;
  /** The fields every insert carries (the client of a client's contacts). */
  insertFields?: Record<string, unknown> | undefined;
  /** More of an existing record, under its fields; `dirty` while the form holds unsaved changes. */
  underRecord?: ((key: number, dirty: boolean) => ReactNode) | undefined;
  /** Told when the dialog closes, saved, deleted or dismissed (a list drops the record from its address). */
  onClose?: (() => void) | undefined;
}

/**
 * A resource's record dialog over its form, and the question before a delete: opened for a new
 * record or on a row (which brings its key and every field of the form), read-only for those
 * who may not change it. What lists records (a table, a feed) adds the ways in.
 */
export function useRecordDialog<K extends string>(options: RecordDialogOptions<K>) {
  const { resource, form } = options;
  const rights = useAccess().rights(resource);
  const [dialog, setDialog] = useState<{ mode: "INSERT" | "UPDATE"; key?: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const state = useRecordForm(form);
  const { save: saveRecord, writes } = useRecordSave(state, resource.name);
  const rowFields = useMemo(() => [resource.key, ...form.names], [resource, form]);
  const where = dialog?.key === undefined ? "" : whereEquals(resource.key, dialog.key);
  const close = () => {
    setDialog(null);
    options.onClose?.();
  };

  const save = (kind: "insert" | "update") => {
    const fields = kind === "insert" ? { ...state.fields(), ...options.insertFields } : state.fields();
    saveRecord({ kind, where, fields }, close);
  };
  const remove = () =>
    writes.mutate(
      { kind: "delete", where },
      {
        onSuccess: close,
        onSettled: () => setConfirming(false),
      },
    );

  const element = (
    <>
      <RecordDialog
        opened={dialog !== null}
        title={dialog?.mode === "INSERT" ? options.newLabel : options.recordTitle}
        mode={dialog?.mode ?? "INSERT"}
        can={rights}
        dirty={state.dirty}
        busy={writes.isPending}
        onClose={close}
        onInsert={() => save("insert")}
        onUpdate={() => save("update")}
        onDelete={() => setConfirming(true)}
      >
        <RecordFields
          form={form}
          state={state}
          readOnly={dialog?.mode === "UPDATE" && !rights.change}
          insertFields={options.insertFields}
        />
        {dialog?.key !== undefined && options.underRecord ? options.underRecord(dialog.key, state.dirty) : null}
      </RecordDialog>
      <ConfirmDelete
        opened={confirming}
        noun={options.noun}
        busy={writes.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </>
  );

  return {
    rights,
    /** The fields a row must bring to open: the key and every field of the form. */
    rowFields,
    openNew() {
      state.reset();
      setDialog({ mode: "INSERT" });
    },
    /** Closes the dialog without a word to `onClose` (what the address already says). */
    dismiss: () => setDialog(null),
    openRow(row: Record<string, unknown>) {
      state.reset(row);
      setDialog({ mode: "UPDATE", key: Number(row[resource.key]) });
    },
    element,
  };
}
