import { Stack, Textarea, TextInput } from "@mantine/core";
import type { useRecordForm } from "../../widgets/record/useRecordForm";
import type { ReleaseNoteField } from "./release-note-form";

type Form = ReturnType<typeof useRecordForm<ReleaseNoteField>>;

/** The fields of a release note, for adding and for editing alike. */
export function ReleaseNoteFields({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const text = (name: ReleaseNoteField) => ({
    value: form.values[name],
    error: form.error(name),
    readOnly,
    onChange: (e: { currentTarget: { value: string } }) => form.set(name, e.currentTarget.value),
  });
  return (
    <Stack gap="sm">
      <TextInput label="Version" withAsterisk={!readOnly} {...text("releaseNoteVersion")} />
      <TextInput label="Date" placeholder="MM/DD/YYYY" withAsterisk={!readOnly} {...text("releaseNoteDate")} />
      <TextInput label="Title" withAsterisk={!readOnly} {...text("releaseNoteTitle")} />
      <Textarea label="Notes" autosize minRows={3} maxRows={8} {...text("releaseNoteBody")} />
    </Stack>
  );
}
