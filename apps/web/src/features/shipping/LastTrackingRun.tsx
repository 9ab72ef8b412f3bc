import { Alert, Group, Skeleton, Text } from "@mantine/core";
import { formatDateTimeIn, type RowOf, vwTrackingRuns } from "@office/core";
import { IconTruck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { rowsQuery } from "../../services/rows-query";
import { appConfigQuery } from "../../services/session";

type Run = RowOf<typeof vwTrackingRuns>;

const lastRunQuery = rowsQuery<Run>({ table: vwTrackingRuns.name, order: "runID DESC", rowLimit: 1 });

const count = (n: number | null, noun: string) => `${n ?? 0} ${noun}`;

/**
 * The latest tracking run above the shipments list (issue 36: each run's result kept and
 * shown): when it started and ended, who started it, how many parcels were asked, updated and
 * failed, and which carriers failed and why. Read again when a run starts or ends (live stream).
 */
export function LastTrackingRun() {
  const runs = useQuery(lastRunQuery);
  const { data: config } = useQuery(appConfigQuery);
  const when = (ts: string | null) => (ts && config ? (formatDateTimeIn(ts, config.timeZone) ?? ts) : "");
  if (runs.isPending) return <Skeleton height={52} role="status" aria-label="Loading the last tracking run" />;
  if (runs.isError) {
    return (
      <Alert color="red" title="The last tracking run could not be read">
        The shipments below are as the last run left them.
      </Alert>
    );
  }
  const run = runs.data[0];
  if (!run) {
    return (
      <Alert color="gray" icon={<IconTruck aria-hidden="true" />} title="No tracking run yet">
        The truck in the menu bar asks the carriers about every parcel not yet delivered; a run also happens every
        night.
      </Alert>
    );
  }
  const by = run.requestedByName ? `by ${run.requestedByName}` : "on schedule";
  const title =
    run.runState === "running"
      ? `Tracking run under way: started ${when(run.startedTS)} ${by}`
      : `Last tracking run: ${when(run.startedTS)} ${by}${run.runState === "failed" ? ", failed" : ""}`;
  return (
    <Alert
      color={run.runState === "failed" || run.failed ? "orange" : run.runState === "running" ? "blue" : "green"}
      icon={<IconTruck aria-hidden="true" />}
      title={title}
      aria-live="polite"
    >
      {run.runState === "running" ? (
        <Text size="sm">Parcels are updated as the carriers answer.</Text>
      ) : (
        <Group gap="md">
          <Text size="sm">Finished {when(run.finishedTS)}</Text>
          <Text size="sm">{count(run.asked, "asked")}</Text>
          <Text size="sm">{count(run.updated, "updated")}</Text>
          <Text size="sm">{count(run.failed, "not tracked")}</Text>
        </Group>
      )}
      {run.failures ? (
        <Text size="sm" mt={4}>
          {run.failures}
        </Text>
      ) : null}
    </Alert>
  );
}
