import { Stack } from "@mantine/core";
import {
  checkField,
  type DateRange,
  dateRangeWhere,
  printWhere,
  searchableColumns,
  tblProjectNotes,
} from "@office/core";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { DateRangeField } from "../../widgets/form/DateRangeField";
import { tableColumns } from "../../widgets/table/columns";
import { SearchableTable } from "../../widgets/table/SearchableTable";

const COLUMNS = tableColumns(
  tblProjectNotes,
  [
    "projectNotesID",
    "projectID",
    "empID",
    "projectNoteCategory",
    "ProjectNotesMinutes",
    "ProjectNotesDesc",
    "createdTS",
  ],
  {
    projectNotesID: "Note",
    empID: "Employee",
    ProjectNotesMinutes: "Time",
    ProjectNotesDesc: "Note text",
    createdTS: "Logged",
  },
);
const SEARCHABLE = searchableColumns(tblProjectNotes);
const LOGGED_RULES = ["daterangevalidformat", "daterange"] as const;

/**
 * Notes / time search (/project/pn, page 35): every time note, newest first, searchable by
 * text and by the days they were logged. The projects area adds its other filters and totals.
 */
export function NotesSearchPage() {
  const navigate = useNavigate();
  const [logged, setLogged] = useState<DateRange>({ start: "", end: "" });
  const error = checkField(LOGGED_RULES, logged, "Logged") ?? undefined;
  // A range with a mistake keeps the last good search rather than searching half of it.
  const [where, setWhere] = useState("");
  const next = useMemo(() => {
    const range = dateRangeWhere("createdTS", logged);
    return range ? printWhere(range) : "";
  }, [logged]);
  if (!error && next !== where) setWhere(next);

  return (
    <Stack p="md" gap="sm">
      <DateRangeField label="Logged" value={logged} onChange={setLogged} error={error} />
      <SearchableTable
        label="Time notes"
        table={tblProjectNotes.name}
        columns={COLUMNS}
        searchColumns={SEARCHABLE}
        where={where}
        order="createdTS DESC, projectNotesID DESC"
        onRowOpen={(row) => navigate(`/project/de?id=${row.projectID}`)}
      />
    </Stack>
  );
}
