import { ActionIcon, Button, Tooltip } from "@mantine/core";
import {
  OPERATIONS,
  type RowOf,
  TOASTS,
  type TrackingAnswer,
  tblShipment,
  vwTrackingRuns,
  whereEquals,
} from "@office/core";
import { IconTruck } from "@tabler/icons-react";
import { type QueryClient, QueryObserver, useQueryClient } from "@tanstack/react-query";
import { useAccess } from "../../services/access";
import { useOperation } from "../../services/operations";
import { rowsQuery } from "../../services/rows-query";
import { showToast } from "../../services/toast";

const LABEL = "Track shipments";
/** The live stream tells a run's end; without it (offline for a while), the run is asked again this often. */
const RUN_RECHECK_MS = 15_000;

type Run = Pick<RowOf<typeof vwTrackingRuns>, "runID" | "runState">;

/**
 * Waits for the run this tab started that outlived its call: "Process Completed" at its end,
 * read when the live stream says a run changed (or at the recheck). Outside React, so a truck
 * in a phone's menu, unmounted when the menu closes, still says it.
 */
function watchRun(client: QueryClient, runID: number) {
  const observer = new QueryObserver(client, {
    ...rowsQuery<Run>({ table: vwTrackingRuns.name, fields: "runID,runState", where: whereEquals("runID", runID) }),
    refetchInterval: RUN_RECHECK_MS,
  });
  const stop = observer.subscribe(({ data }) => {
    const run = data?.[0];
    if (!run || run.runState === "running") return;
    stop();
    showToast(
      run.runState === "done" ? TOASTS.trackingCompleted : TOASTS.trackingFailed("The run stopped; see Shipments."),
    );
  });
}

/**
 * The truck (spec 2.4, 2.5, 4 and 8): starts the tracking run for whoever may view shipping. It
 * says the run is asked for, then either that one is already under way ('The process is
 * running!': the server's answer has a message) or 'Process Completed' once the run it started
 * has finished, however long that takes.
 */
export function TruckButton({ wide = false }: { wide?: boolean }) {
  const mayTrack = useAccess().mayView(tblShipment);
  const client = useQueryClient();
  const track = useOperation(OPERATIONS.trackShipments, {
    done: (answer: TrackingAnswer) => {
      if (answer.message === undefined) return TOASTS.trackingCompleted;
      if (answer.started && answer.runID !== null) watchRun(client, answer.runID);
      return TOASTS.trackingRunning;
    },
    failed: (why) => TOASTS.trackingFailed(why),
  });
  if (!mayTrack) return null;
  const busy = track.isPending;
  const start = () => {
    showToast(TOASTS.trackingStarted);
    track.mutate(undefined as never);
  };
  if (wide) {
    return (
      <Button variant="default" leftSection={<IconTruck size={16} aria-hidden="true" />} onClick={start} loading={busy}>
        {LABEL}
      </Button>
    );
  }
  return (
    <Tooltip label={LABEL}>
      <ActionIcon
        variant="subtle"
        color="gray.0"
        size="lg"
        aria-label={LABEL}
        aria-busy={busy || undefined}
        loading={busy}
        onClick={start}
      >
        <IconTruck size={20} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
