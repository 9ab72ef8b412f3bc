import { NativeSelect } from "@mantine/core";
import { DEFAULT_NOTE_CATEGORY, recordForm, tblProjectNotes } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAccess } from "../../services/access";
import { FieldInput } from "../../widgets/form/FieldInput";
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
 */
export function ProjectNotesDialog({
  opened,
  onClose,
  project,
}: {
  opened: boolean;
  onClose: () => void;
  project?: Row | undefined;
}) {
  const state = useRecordForm(FORM);
  const { save, pending } = useRecordSave(state, tblProjectNotes.name);
  const rights = useAccess().rights(tblProjectNotes);
  const { data: categories = [] } = useQuery({ ...noteCategoriesQuery, enabled: opened });
  const { reset } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new note each time the dialog opens.
  useEffect(() => {
    if (opened) reset(project ? { ...NEW_NOTE, projectID: project.projectID } : NEW_NOTE);
  }, [opened]);

  const insert = () => {
    save({ kind: "insert", fields: state.fields() }, onClose);
  };
  const field = (name: (typeof FORM.names)[number]) => ({
    label: FORM.rules[name].label,
    value: state.values[name],
    error: state.error(name),
    onChange: (value: string) => state.set(name, value),
  });
  const type = field("projectNoteCategory");

  return (
    <RecordDialog
      opened={opened}
      title="Project Notes"
      mode="INSERT"
      can={rights}
      dirty={state.dirty}
      busy={pending}
      onClose={onClose}
      onInsert={insert}
    >
      <ProjectTypeahead
        label="Project"
        labelVisible
        required
        placeholder="Search by project number or name"
        value={state.values.projectID || null}
        selectedRow={project}
        onChange={(id) => state.set("projectID", id ?? "")}
        error={state.error("projectID")}
        autoFocus={!project}
      />
      <FieldInput column={FORM.columns.ProjectNotesMinutes} {...field("ProjectNotesMinutes")} autoFocus={!!project} />
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
    </RecordDialog>
  );
}
