import { Group, Paper, Stack, Text } from "@mantine/core";
import { formatMoney, formatUsDate, type MissingReceipt, RECORD_OPERATIONS, TOASTS } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useOperation } from "../../services/operations";
import { AttachButton } from "../../widgets/record/AttachButton";
import { missingReceiptsQuery, receiptRuleQuery } from "./queries";

/**
 * Charges past the company's rule without a receipt that are the user's to see to (spent by
 * them, or on a card they hold), oldest first; each takes its receipt through the Upload call
 * (its spender's, the card's holder's or finance's to attach).
 */
export function MissingReceipts() {
  const missing = useQuery(missingReceiptsQuery);
  const rule = useQuery(receiptRuleQuery);
  if (missing.isPending) return <Text c="dimmed">Looking for missing receipts…</Text>;
  if (missing.isError) return <Text c="red">The missing receipts could not be read.</Text>;
  return (
    <Stack gap="xs">
      {rule.data ? (
        <Text size="sm" c="dimmed">
          Charges of {formatMoney(rule.data.minAmount)} or more need a receipt within {rule.data.days} days.
        </Text>
      ) : null}
      {missing.data.data.length === 0 ? (
        <Text c="dimmed">No receipt is missing.</Text>
      ) : (
        missing.data.data.map((charge) => <MissingReceiptRow key={charge.ccChargeID} charge={charge} />)
      )}
    </Stack>
  );
}

function MissingReceiptRow({ charge }: { charge: MissingReceipt }) {
  // The charge has its receipt then: every list that says so is read again.
  const attach = useOperation(RECORD_OPERATIONS.attachFile, {
    done: () => TOASTS.receiptAttached,
    failed: (reason) => TOASTS.receiptFailed(reason),
  });
  return (
    <Paper component="article" withBorder p="sm" radius="md" aria-label={`Charge ${charge.ccChargeID}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{charge.ccChargeMerchant}</Text>
          <Text size="xs" c="dimmed">
            {formatUsDate(charge.ccChargeDate)} · {charge.cardLabel} · spent by {charge.spenderName ?? "no one known"}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
            {formatMoney(charge.ccChargeAmount)}
          </Text>
          <AttachButton
            label="Attach receipt"
            accept=".pdf,.png,.jpg,.jpeg,.gif,.webp"
            busy={attach.isPending}
            onFile={(file) => attach.mutate({ table: "tblCCCharge", key: String(charge.ccChargeID), file })}
          />
        </Stack>
      </Group>
    </Paper>
  );
}
