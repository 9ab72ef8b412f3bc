import { Badge, Button, Code, Group, Paper, Stack, Text } from "@mantine/core";
import {
  cardLabel,
  formatDateTime,
  formatMoney,
  type MyRequest,
  REQUEST_STATE_LABELS,
  type RequestState,
  requestState,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CopyButton } from "../../widgets/CopyButton";
import { TONE_COLORS } from "../../widgets/StatusPill";
import { ChargeDialog } from "./ChargeDialog";
import { myRequestsQuery } from "./queries";

/** Filled, in shades whose text passes the contrast check in both schemes (autoContrast picks it). */
const COLORS: Record<RequestState, string> = {
  waitingForHolder: TONE_COLORS.progress,
  waitingForOverLimit: TONE_COLORS.caution,
  approved: TONE_COLORS.positive,
  denied: TONE_COLORS.negative,
};

/**
 * The signed-in user's own requests, newest first: where each stands, why a denied one was,
 * and the approval code of each approved one (theirs alone) until a charge uses it, with the
 * way to enter that charge.
 */
export function MyRequests() {
  const mine = useQuery(myRequestsQuery);
  const [charging, setCharging] = useState<MyRequest | null>(null);
  if (mine.isPending) return <Text c="dimmed">Loading your requests…</Text>;
  if (mine.isError) return <Text c="red">Your requests could not be read.</Text>;
  if (mine.data.length === 0) return <Text c="dimmed">You have not asked to use a card yet.</Text>;
  return (
    <Stack gap="xs">
      {mine.data.map((request) => (
        <MyRequestRow key={request.ccPermissionID} request={request} onCharge={() => setCharging(request)} />
      ))}
      <ChargeDialog request={charging} onClose={() => setCharging(null)} />
    </Stack>
  );
}

function MyRequestRow({ request, onCharge }: { request: MyRequest; onCharge: () => void }) {
  const state = requestState(request);
  const reason = request.ccPermissionOverLimitReason ?? request.ccPermissionUsedReason;
  return (
    <Paper component="article" withBorder p="sm" radius="md" aria-label={`Request ${request.ccPermissionID}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{request.ccPermissionPurpose}</Text>
          <Text size="sm" c="dimmed">
            {cardLabel(request)} · {request.projectName ?? "Non-project"} ·{" "}
            {formatDateTime(request.ccPermissionRequestedTS)}
          </Text>
        </Stack>
        <Text fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
          {formatMoney(request.ccPermissionAmount)}
        </Text>
      </Group>
      <Group gap="xs" mt={6}>
        <Badge color={COLORS[state]} autoContrast>
          {REQUEST_STATE_LABELS[state]}
        </Badge>
        {state === "denied" && reason ? <Text size="sm">{reason}</Text> : null}
        {state === "approved" && request.ccPermissionApprovalCode ? (
          <Group gap={4}>
            <Text size="sm">Approval code</Text>
            <Code fz="sm">{request.ccPermissionApprovalCode}</Code>
            <CopyButton value={request.ccPermissionApprovalCode} label="Copy the approval code" />
            <Button size="xs" variant="default" onClick={onCharge}>
              Enter the charge
            </Button>
          </Group>
        ) : null}
        {state === "approved" && request.ccPermissionCodeUsedTS ? (
          <Text size="sm" c="dimmed">
            Code used {formatDateTime(request.ccPermissionCodeUsedTS)}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}
