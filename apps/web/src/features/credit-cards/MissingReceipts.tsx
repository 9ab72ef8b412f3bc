import { Group, Paper, Stack, Text } from "@mantine/core";
import { formatMoney, formatUsDate, type MissingReceipt, TOASTS } from "@office/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, uploadFile } from "../../api/client";
import { invalidateTables } from "../../services/query-keys";
import { showToast } from "../../services/toast";
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
  const client = useQueryClient();
  const attach = useMutation({
    mutationFn: (file: File) => uploadFile("tblCCCharge", charge.ccChargeID, file),
    onSuccess: () => {
      showToast(TOASTS.receiptAttached);
      // The charge has its receipt now: every list that says so is read again.
      void invalidateTables(client, ["upload"]);
    },
    onError: (error) =>
      showToast(TOASTS.receiptFailed(error instanceof ApiError ? error.message : "The receipt was not attached.")),
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
            onFile={(file) => attach.mutate(file)}
          />
        </Stack>
      </Group>
    </Paper>
  );
}
