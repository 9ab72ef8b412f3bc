import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import {
  ADMIN_TOOL_OPERATIONS,
  type BackupRunState,
  type BackupStatus,
  backupWarningText,
  formatDateTimeIn,
  formatFileSize,
  TOASTS,
  type Tone,
} from "@office/core";
import { IconDatabaseExport } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { operationQuery, useOperation } from "../../services/operations";
import { appConfigQuery } from "../../services/session";
import { StatusPill } from "../../widgets/StatusPill";

const op = ADMIN_TOOL_OPERATIONS.backups;
/** While a run goes on, its row is read again this often. */
const WHILE_RUNNING_MS = 2_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const STATES: Record<BackupRunState["state"], { label: string; tone: Tone }> = {
  running: { label: "Running", tone: "progress" },
  done: { label: "Done", tone: "positive" },
  failed: { label: "Failed", tone: "negative" },
};

/** The backups' state, read again every two seconds while a run goes on. */
export function useBackupStatus() {
  return useQuery({
    ...operationQuery(op),
    refetchInterval: (query) =>
      (query.state.data as BackupStatus | undefined)?.runs[0]?.state === "running" ? WHILE_RUNNING_MS : false,
  });
}

/** The warning the administrator's page shows above its tabs: no verified restore, an old one, or a failed run. */
export function BackupWarning({ onBackupsTab }: { onBackupsTab: boolean }) {
  const { data } = useBackupStatus();
  if (!data?.warning) return null;
  const { title, body } = backupWarningText(data.warning);
  return (
    <Alert color={data.warning.kind === "failed" ? "red" : "orange"} title={title} mb="md" role="alert">
      {body}
      {onBackupsTab ? null : (
        <>
          {" "}
          {/* The alert's own text colour, underlined: a link's blue on the light orange fell under 4.5:1. */}
          <Anchor component={Link} to="/admin?tab=backups" c="inherit" underline="always" fw={600}>
            Open Backups
          </Anchor>
        </>
      )}
    </Alert>
  );
}

/**
 * Backups (issue 38): the nightly run's schedule, the last verified restore, the latest runs
 * (what each backed up, what its restore drill found), and a run asked for now.
 */
export function BackupsPanel() {
  const status = useBackupStatus();
  const { data: config } = useQuery(appConfigQuery);
  const when = (ts: string | null) => (ts && config ? (formatDateTimeIn(ts, config.timeZone) ?? ts) : "");
  const start = useOperation(ADMIN_TOOL_OPERATIONS.backUpNow, {
    done: ({ started }) => (started ? TOASTS.backupStarted : TOASTS.backupRunning),
    failed: (why) => TOASTS.backupFailed(why),
  });
  if (status.isPending) return <Skeleton height={160} role="status" aria-label="Loading the backups" />;
  if (status.isError) {
    return (
      <Alert color="red" title="The backups could not be read">
        Try again in a moment; the nightly backup runs whether or not this page can read it.
      </Alert>
    );
  }
  const { schedule, runs, verified } = status.data;
  const running = runs[0]?.state === "running";
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="backups-title">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={2} size="h4" id="backups-title">
              Backups
            </Title>
            <Text size="sm" c="dimmed">
              {schedule.dailyAt ? `Every night at ${schedule.dailyAt}` : "Only when asked (BACKUP_DAILY_AT is off)"},
              kept {schedule.keepDays} days, in {schedule.dir}. Each backup is restored into a scratch database and
              compared, table by table, with what was dumped.
            </Text>
          </div>
          <Button
            leftSection={<IconDatabaseExport size={16} aria-hidden="true" />}
            loading={start.isPending || running}
            onClick={() => start.mutate(undefined)}
          >
            Back up now
          </Button>
        </Group>
        <Text size="sm" mt="sm" fw={500}>
          {verified
            ? `Last verified restore: ${when(verified.at)}, in ${seconds(verified.durationMs)}, no differences`
            : "Last verified restore: none yet"}
        </Text>
      </Paper>
      {runs.length === 0 ? (
        <Text c="dimmed" size="sm">
          No backup has run yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Latest backups, newest first">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Backed up</Table.Th>
                <Table.Th>Restore drill</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((run) => (
                <Table.Tr key={run.runID}>
                  <Table.Td>{when(run.startedTS)}</Table.Td>
                  <Table.Td>{run.requestedByName ?? "Schedule"}</Table.Td>
                  <Table.Td>
                    <StatusPill tone={STATES[run.state].tone}>{STATES[run.state].label}</StatusPill>
                  </Table.Td>
                  <Table.Td>
                    {run.result
                      ? `${run.result.tables} tables, ${run.result.rows.toLocaleString("en-US")} rows, ${run.result.files} files: ${formatFileSize(run.result.bytes)} in ${seconds(run.result.durationMs)}`
                      : (run.error ?? "")}
                  </Table.Td>
                  <Table.Td>
                    {run.result ? (
                      run.result.drill.same ? (
                        `Restored equal in ${seconds(run.result.drill.durationMs)}`
                      ) : (
                        <Text size="sm" c="red">
                          {run.result.drill.differences.join("; ")}
                        </Text>
                      )
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
