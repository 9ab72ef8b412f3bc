import { Box } from "@mantine/core";
import { recordForm, tblReleaseNote } from "@office/core";
import { ResourceRecords } from "../../widgets/record/ResourceRecords";

const FORM = recordForm(tblReleaseNote, [
  "releaseNoteVersion",
  "releaseNoteDate",
  "releaseNoteTitle",
  "releaseNoteBody",
]);
const COLUMNS = [
  "releaseNoteID",
  "releaseNoteVersion",
  "releaseNoteDate",
  "releaseNoteTitle",
  "releaseNoteBody",
] as const;

/** Release notes (/rn): everyone reads them; administrators add, change and delete them. */
export function ReleaseNotesPage() {
  return (
    <Box p="md">
      <ResourceRecords
        resource={tblReleaseNote}
        label="Release notes"
        columns={COLUMNS}
        form={FORM}
        order="releaseNoteDate DESC, releaseNoteID DESC"
        newLabel="New release note"
        recordTitle="Release note"
        noun="release note"
      />
    </Box>
  );
}
