import { Button, Checkbox, Group } from "@mantine/core";
import { type InboxRequest, CREDIT_CARD_OPERATIONS as op, TOASTS } from "@office/core";
import { ApiError } from "../../api/client";
import { call } from "../../api/operations";
import { useChange } from "../../services/operations";

interface Outcome {
  approved: number;
  refused: number;
  why: string | null;
}

/**
 * Approves each of several requests at its own step and version, one after another: each is a
 * decision of its own, checked as one from its card is, so one that changed or was decided
 * meanwhile is refused alone and the rest go through. The inbox is read again after.
 */
async function approveEach(requests: readonly InboxRequest[]): Promise<Outcome> {
  const outcome: Outcome = { approved: 0, refused: 0, why: null };
  for (const { ccPermissionID, step, ccPermissionVersion: version } of requests) {
    try {
      await call(op.decideCardRequest, { ccPermissionID, step, version, decision: "approve" });
      outcome.approved++;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcome.refused++;
      outcome.why ??= error.message;
    }
  }
  return outcome;
}

interface ApproveSeveralProps {
  shown: readonly InboxRequest[];
  selected: ReadonlySet<number>;
  onSelected: (selected: Set<number>) => void;
}

/** Above the queue: select every shown request, and approve those selected at once. */
export function ApproveSeveral({ shown, selected, onSelected }: ApproveSeveralProps) {
  const chosen = shown.filter((request) => selected.has(request.ccPermissionID));
  const approve = useChange(approveEach, () => op.decideCardRequest.changes, {
    done: ({ approved, refused, why }) => TOASTS.approvedSeveral(approved, refused, why),
    failed: (why) => TOASTS.decisionFailed(why),
    onDone: () => onSelected(new Set()),
  });
  const all = chosen.length === shown.length;
  return (
    <Group gap="sm">
      <Checkbox
        label="Select all"
        checked={all && shown.length > 0}
        indeterminate={chosen.length > 0 && !all}
        onChange={() => onSelected(all ? new Set() : new Set(shown.map((request) => request.ccPermissionID)))}
      />
      <Button
        size="xs"
        color="teal.9"
        disabled={chosen.length === 0}
        loading={approve.isPending}
        onClick={() => approve.mutate(chosen)}
      >
        Approve {chosen.length || ""} selected
      </Button>
    </Group>
  );
}
