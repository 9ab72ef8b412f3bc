import { Stack } from "@mantine/core";
import { formatDateTime, formatMinutes, searchableColumns, tblProjectNotes } from "@office/core";
import { useNavigate } from "react-router";
import type { TableColumn } from "../../widgets/table/columns";
import { SearchableTable } from "../../widgets/table/SearchableTable";

const COLUMNS: TableColumn[] = [
  { key: "projectNotesID", label: "Note" },
  { key: "projectID", label: "Project" },
  { key: "empID", label: "Employee" },
  { key: "projectNoteCategory", label: "Type" },
  { key: "ProjectNotesMinutes", label: "Time", format: (v) => formatMinutes(Number(v ?? 0)) },
  { key: "ProjectNotesDesc", label: "Note text" },
  { key: "createdTS", label: "Logged", format: (v) => formatDateTime(String(v ?? "")) ?? "" },
];
const SEARCHABLE = searchableColumns(tblProjectNotes);

/**
 * Notes / time search (/project/pn, page 35): every time note, newest first, searchable by
 * text. The projects area adds its filters (employee, project, category, dates) and totals.
 */
export function NotesSearchPage() {
  const navigate = useNavigate();
  return (
    <Stack p="md" gap="sm">
      <SearchableTable
        label="Time notes"
        table={tblProjectNotes.name}
        columns={COLUMNS}
        searchColumns={SEARCHABLE}
        order="createdTS DESC, projectNotesID DESC"
        onRowOpen={(row) => navigate(`/project/de?id=${row.projectID}`)}
      />
    </Stack>
  );
}
