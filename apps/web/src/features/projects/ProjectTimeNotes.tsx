import { Stack, Title } from "@mantine/core";
import { searchableColumns, vwProjectNoteSearch, whereEquals } from "@office/core";
import { tableColumns } from "../../widgets/table/columns";
import { SearchableTable } from "../../widgets/table/SearchableTable";
import { SearchTotals } from "../searches/SearchTotals";
import { NOTE_TOTALS } from "../searches/TotalsTable";
import { useNoteEditor } from "../time-notes/useNoteEditor";

const COLUMNS = tableColumns(
  vwProjectNoteSearch,
  ["createdTS", "empName", "categoryName", "ProjectNotesMinutes", "ProjectNotesDesc"],
  { createdTS: "Logged", ProjectNotesMinutes: "Time", ProjectNotesDesc: "Note" },
);
const SEARCHABLE = searchableColumns(vwProjectNoteSearch);
// One project's notes: totalled by who logged the time and by its type rather than by project.
const TOTALS = [
  { by: "empID", title: "By Employee" },
  { by: "projectNoteCategory", title: "By Category" },
];
const NOTES = vwProjectNoteSearch;

/**
 * The time logged on a project (for those who may search notes, page 35): its notes, each
 * opening to be corrected where its rules allow, and totals by employee and by type.
 */
export function ProjectTimeNotes({ projectID }: { projectID: number }) {
  const where = whereEquals("projectID", projectID);
  const editor = useNoteEditor();
  return (
    <Stack component="section" aria-label="Time notes" gap="xs">
      <Title order={2} size="h4">
        Time notes
      </Title>
      <SearchableTable
        label="Project time notes"
        table={vwProjectNoteSearch.name}
        columns={COLUMNS}
        searchColumns={SEARCHABLE}
        where={where}
        order="createdTS DESC, projectNotesID DESC"
        rowFields={editor.rowFields}
        onRowOpen={editor.open}
      />
      {editor.element}
      <SearchTotals list={NOTES} totals={TOTALS} where={where} words={NOTE_TOTALS} />
    </Stack>
  );
}
