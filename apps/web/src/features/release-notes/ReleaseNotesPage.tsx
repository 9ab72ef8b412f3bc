import { Button, Group, Stack } from "@mantine/core";
import { can, formatUsDate, PAGES, searchableColumns, tblReleaseNote, whereBuilder } from "@office/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { permissionsQuery } from "../../app/session";
import { useRecordWrites } from "../../widgets/record/mutations";
import { RecordDialog } from "../../widgets/record/RecordDialog";
import { useRecordForm } from "../../widgets/record/useRecordForm";
import type { TableColumn } from "../../widgets/table/columns";
import { SearchableTable } from "../../widgets/table/SearchableTable";
import { ReleaseNoteFields } from "./ReleaseNoteFields";
import { EMPTY_NOTE, formToFields, noteToForm, RELEASE_NOTE_RULES } from "./release-note-form";

const COLUMNS: TableColumn[] = [
  { key: "releaseNoteID", label: "ID" },
  { key: "releaseNoteVersion", label: "Version" },
  { key: "releaseNoteDate", label: "Date", format: (v) => formatUsDate(String(v ?? "")) ?? "" },
  { key: "releaseNoteTitle", label: "Title" },
  { key: "releaseNoteBody", label: "Notes" },
];
const SEARCHABLE = searchableColumns(tblReleaseNote);

/** Release notes (/rn): everyone reads them; administrators add, change and delete them. */
export function ReleaseNotesPage() {
  const { data: permissions = [] } = useQuery(permissionsQuery);
  const rights = {
    insert: can(permissions, PAGES.administrator, "add"),
    update: can(permissions, PAGES.administrator, "change"),
    delete: can(permissions, PAGES.administrator, "del"),
  };
  const [dialog, setDialog] = useState<{ mode: "INSERT" | "UPDATE"; id?: number } | null>(null);
  const form = useRecordForm(RELEASE_NOTE_RULES, EMPTY_NOTE);
  const writes = useRecordWrites(tblReleaseNote.name);
  const where = dialog?.id ? whereBuilder().print(whereBuilder().eq("releaseNoteID", dialog.id)) : "";

  const save = (kind: "insert" | "update") => {
    if (!form.validate()) return;
    writes.mutate(
      { kind, where, fields: formToFields(form.values) },
      { onSuccess: () => setDialog(null), onError: (error) => form.absorb(error) },
    );
  };

  return (
    <Stack p="md" gap="sm">
      {rights.insert ? (
        <Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => {
              form.reset(EMPTY_NOTE);
              setDialog({ mode: "INSERT" });
            }}
          >
            New release note
          </Button>
        </Group>
      ) : null}
      <SearchableTable
        label="Release notes"
        table={tblReleaseNote.name}
        columns={COLUMNS}
        searchColumns={SEARCHABLE}
        order="releaseNoteDate DESC, releaseNoteID DESC"
        onRowOpen={(row) => {
          form.reset(noteToForm(row));
          setDialog({ mode: "UPDATE", id: Number(row.releaseNoteID) });
        }}
      />
      <RecordDialog
        opened={dialog !== null}
        title={dialog?.mode === "INSERT" ? "New release note" : "Release note"}
        mode={dialog?.mode ?? "INSERT"}
        can={rights}
        dirty={form.dirty}
        busy={writes.isPending}
        onClose={() => setDialog(null)}
        onInsert={() => save("insert")}
        onUpdate={() => save("update")}
        onDelete={() => writes.mutate({ kind: "delete", where }, { onSuccess: () => setDialog(null) })}
      >
        <ReleaseNoteFields form={form} readOnly={dialog?.mode === "UPDATE" && !rights.update} />
      </RecordDialog>
    </Stack>
  );
}
