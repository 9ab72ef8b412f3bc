import { Stack, Text, Title } from "@mantine/core";
import { displayText, tblProjectStatus, vwProjectStatusHistory } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useAccess } from "../../services/access";
import { tableColumns } from "../../widgets/table/columns";
import { PlainTable } from "../../widgets/table/PlainTable";
import { SetStatusForm } from "./SetStatusForm";
import { statusHistoryQuery } from "./status-history";

const COLUMNS = tableColumns(vwProjectStatusHistory, ["statusName", "empName", "createdTS"], {
  empName: "Set by",
  createdTS: "When",
});
const since = (at: unknown) => displayText(vwProjectStatusHistory.columns.createdTS, at);

/** A project's status: the current one, a new one for those who may set it, and the history, latest first. */
export function ProjectStatus({ projectID }: { projectID: number }) {
  const { data: history, isError } = useQuery(statusHistoryQuery(projectID));
  const rights = useAccess().rights(tblProjectStatus);
  const current = history?.[0];
  return (
    <Stack component="section" aria-label="Status" gap="xs">
      <Title order={2} size="h4">
        Status
      </Title>
      {history ? (
        <Text size="sm" aria-live="polite">
          Current status: <strong>{current ? String(current.statusName ?? "") : "None"}</strong>
          {current ? ` since ${since(current.createdTS)}` : ""}
        </Text>
      ) : null}
      {rights.add ? <SetStatusForm projectID={projectID} current={current?.projectStatusCodeID} /> : null}
      <PlainTable
        caption="Status history"
        columns={COLUMNS}
        rows={history}
        rowKey={(row) => String(row.projectStatusID)}
        empty="No status set yet"
        failed={isError}
      />
    </Stack>
  );
}
