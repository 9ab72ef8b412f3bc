import { Badge, Button, Checkbox, Flex, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import {
  cardLabel,
  DECISION_STEP_LABELS,
  formatDateTime,
  formatMoney,
  CREDIT_CARD_OPERATIONS as op,
  REASON_MAX,
  type InboxRequest as Request,
  TOASTS,
  timeAgo,
} from "@office/core";
import { useId, useState } from "react";
import { useOperation } from "../../services/operations";

/**
 * One request that waits for the signed-in user: who asks, how much, on which card, for what
 * and which project; Approve at once, or Deny with the reason the requester will read. A decision names the
 * version of the request shown, so one on a request that changed since is refused (409), and
 * the inbox reads again.
 */
export function InboxRequest({
  request,
  selected,
  onSelect,
}: {
  request: Request;
  /** Chosen for "Approve selected", where the queue offers it. */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const [denying, setDenying] = useState(false);
  const headingId = useId();
  const amount = formatMoney(request.ccPermissionAmount);
  // A request that changed or was decided elsewhere (409) is read again: shown as it is now.
  const decision = useOperation(op.decideCardRequest, {
    done: (_, { decision }) =>
      TOASTS.decided(`${decision === "approve" ? "Approved" : "Denied"}: ${request.requesterName}, ${amount}`),
    failed: (why) => TOASTS.decisionFailed(why),
  });
  const decide = (choice: "approve" | "deny") => {
    const { ccPermissionID, step, ccPermissionVersion: version } = request;
    const why = reason.trim();
    decision.mutate(
      choice === "deny"
        ? { ccPermissionID, step, version, decision: "deny", reason: why }
        : { ccPermissionID, step, version, decision: "approve", ...(why ? { reason: why } : {}) },
    );
  };
  const deny = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    decide("deny");
  };
  const overLimit = request.step === "overLimit";

  return (
    <Paper component="article" withBorder p="sm" radius="md" aria-labelledby={headingId}>
      {/* Side by side on a wide screen; on a phone, the amount and the buttons go under the request. */}
      <Flex direction={{ base: "column", xs: "row" }} justify="space-between" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {onSelect ? (
              <Checkbox
                checked={selected ?? false}
                onChange={(event) => onSelect(event.currentTarget.checked)}
                aria-label={`Select ${request.requesterName}'s request for ${amount}`}
              />
            ) : null}
            <Text id={headingId} fw={600}>
              {request.requesterName}
            </Text>
            {/* Filled, in shades whose text passes the contrast check in both schemes. */}
            <Badge color={overLimit ? "yellow.4" : "blue.8"} autoContrast>
              {DECISION_STEP_LABELS[request.step]}
            </Badge>
          </Group>
          <Text size="sm">{request.ccPermissionPurpose}</Text>
          <Text size="xs" c="dimmed">
            {cardLabel(request)} ({request.holderName}) · {request.projectName ?? "Non-project"} · asked{" "}
            {/* How long it has waited, as a queue says it; the moment itself on hover. */}
            <time
              dateTime={request.ccPermissionRequestedTS}
              title={formatDateTime(request.ccPermissionRequestedTS) ?? undefined}
            >
              {timeAgo(request.ccPermissionRequestedTS, new Date()) ?? formatDateTime(request.ccPermissionRequestedTS)}
            </time>
          </Text>
        </Stack>
        <Flex
          direction={{ base: "row", xs: "column" }}
          align={{ base: "center", xs: "flex-end" }}
          justify="space-between"
          gap={6}
          style={{ flexShrink: 0 }}
        >
          <Stack gap={0} align="flex-end">
            <Text fw={700} size="lg" style={{ fontVariantNumeric: "tabular-nums" }}>
              {amount}
            </Text>
            {request.overLimitBy && Number(request.overLimitBy) > 0 ? (
              // The text's own colour: an orange this small is under the contrast the schemes keep.
              <Text size="xs" fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
                {formatMoney(request.overLimitBy)} over the limit
              </Text>
            ) : null}
          </Stack>
          {denying ? null : (
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => setDenying(true)} disabled={decision.isPending}>
                Deny
              </Button>
              <Button size="xs" color="teal.9" onClick={() => decide("approve")} loading={decision.isPending}>
                Approve
              </Button>
            </Group>
          )}
        </Flex>
      </Flex>
      {denying ? (
        <Group align="flex-end" gap="xs" mt="xs">
          <TextInput
            label="Reason for denying"
            description="The requester sees it"
            maxLength={REASON_MAX}
            value={reason}
            error={missing && !reason.trim() ? "Reason is required to deny a request" : undefined}
            onChange={(event) => setReason(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") deny();
              if (event.key === "Escape") setDenying(false);
            }}
            style={{ flex: 1, minWidth: 220 }}
            data-autofocus
            autoFocus
          />
          <Button size="sm" variant="default" onClick={() => setDenying(false)}>
            Cancel
          </Button>
          <Button size="sm" color="red" onClick={deny} loading={decision.isPending}>
            Deny {amount}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
