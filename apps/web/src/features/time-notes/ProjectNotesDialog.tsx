import { NativeSelect, Stack } from "@mantine/core";
import {
  DEFAULT_NOTE_CATEGORY,
  formatMinutes,
  type NoteRow,
  recordForm,
  tblProjectNotes,
  whereEquals,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAccess } from "../../services/access";
import { ConfirmDelete } from "../../widgets/ConfirmDelete";
import { FieldInput } from "../../widgets/form/FieldInput";
import { Value } from "../../widgets/form/FieldValue";
import { ProjectTypeahead } from "../../widgets/ProjectTypeahead";
import { RecordDialog } from "../../widgets/record/RecordDialog";
import { useRecordForm, useRecordSave } from "../../widgets/record/useRecordForm";
import type { Row } from "../../widgets/Typeahead";
import { noteCategoriesQuery } from "./queries";

const FORM = recordForm(tblProjectNotes, [
  "projectID",
  "ProjectNotesMinutes",
  "projectNoteCategory",
  "ProjectNotesDesc",
]);
const NEW_NOTE = { projectNoteCategory: DEFAULT_NOTE_CATEGORY };

/**
 * The time-note dialog (docs/product-rules.md#time-notes): Project (open projects only),
 * Charged Time, Type (default 105) and the note. It inserts only when the whole form validates;
 * the server checks the same rules and makes the signed-in user the author. After an insert it
 * closes and the hours tables read again. Opened over an open project's page, it starts with
 * that project (`project`, the row the Project box would offer); the first empty field has the focus.
 * Opened on a note (`note`), it corrects it (Update) or removes it (Delete, with Undo) for those
 * the note's rules let (its author, or whoever may change everyone's), and shows it to the rest.
 */
export function ProjectNotesDialog({
  opened,
  onClose,
  project,
  note,
}: {
  opened: boolean;
  onClose: () => void;
  project?: Row | undefined;
  note?: NoteRow | undefined;
}) {
  const state = useRecordForm(FORM);
  const { save, pending, writes } = useRecordSave(state, tblProjectNotes.name);
  const access = useAccess();
  const rights = note ? access.row(tblProjectNotes, note) : access.rights(tblProjectNotes);
  const [confirming, setConfirming] = useState(false);
  const { data: categories = [] } = useQuery({ ...noteCategoriesQuery, enabled: opened });
  const { reset } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new note (or the note opened) each time the dialog opens.
  useEffect(() => {
    if (opened) reset(note ?? (project ? { ...NEW_NOTE, projectID: project.projectID } : NEW_NOTE));
  }, [opened]);

  const where = note ? whereEquals(tblProjectNotes.key, note.projectNotesID) : "";
  const insert = () => {
    save({ kind: "insert", fields: state.fields() }, onClose);
  };
  const update = () => {
    save({ kind: "update", where, fields: state.fields() }, onClose);
  };
  const remove = () =>
    writes.mutate({ kind: "delete", where }, { onSuccess: onClose, onSettled: () => setConfirming(false) });
  const readOnly = note !== undefined && !rights.change;
  const field = (name: (typeof FORM.names)[number]) => ({
    label: FORM.rules[name].label,
    value: state.values[name],
    error: state.error(name),
    onChange: (value: string) => state.set(name, value),
  });
  const type = field("projectNoteCategory");

  return (
    <>
      <RecordDialog
        opened={opened}
        title={note ? "Time Note" : "Project Notes"}
        mode={note ? "UPDATE" : "INSERT"}
        can={rights}
        dirty={state.dirty}
        busy={pending}
        onClose={onClose}
        onInsert={insert}
        onUpdate={update}
        onDelete={() => setConfirming(true)}
      >
        {readOnly ? (
          // Someone else's note, to read: its values as text, as a read-only record shows them.
          <Stack component="dl" gap="sm" m={0}>
            <Value label="Project" text={`${note.projectID} · ${note.projectName}`} />
            <Value label="Charged Time" text={formatMinutes(note.ProjectNotesMinutes)} />
            <Value
              label="Type"
              text={categories.find((category) => category.id === note.projectNoteCategory)?.value ?? ""}
            />
            <Value label="Note" text={note.ProjectNotesDesc ?? ""} />
          </Stack>
        ) : (
          <>
            <ProjectTypeahead
              label="Project"
              labelVisible
              required
              placeholder="Search by project number or name"
              value={state.values.projectID || null}
              selectedRow={note ?? project}
              onChange={(id) => state.set("projectID", id ?? "")}
              error={state.error("projectID")}
              autoFocus={!project && !note}
            />
            <FieldInput
              column={FORM.columns.ProjectNotesMinutes}
              {...field("ProjectNotesMinutes")}
              autoFocus={!!project}
            />
            <NativeSelect
              label={type.label}
              withAsterisk
              value={type.value}
              error={type.error}
              onChange={(event) => type.onChange(event.currentTarget.value)}
              data={[
                { value: "", label: "Choose…" },
                ...categories.map((category) => ({ value: String(category.id), label: category.value })),
              ]}
            />
            <FieldInput column={FORM.columns.ProjectNotesDesc} {...field("ProjectNotesDesc")} />
          </>
        )}
      </RecordDialog>
      <ConfirmDelete
        opened={confirming}
        noun="time note"
        name={note ? `${formatMinutes(note.ProjectNotesMinutes)} on ${note.projectName}` : undefined}
        busy={writes.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </>
  );
}
