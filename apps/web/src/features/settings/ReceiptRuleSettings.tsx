import { Button, Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { checkField, type ReceiptRule, TOASTS } from "@office/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../api/client";
import { showToast } from "../../services/toast";
import { missingReceiptsQuery, receiptRuleQuery } from "../credit-cards/queries";

/**
 * The company's rule for card receipts (issue 20), an administrator's setting: charges of at
 * least this amount need a receipt within this many days, or they are listed as missing.
 */
export function ReceiptRuleSettings() {
  const client = useQueryClient();
  const rule = useQuery(receiptRuleQuery);
  const [minAmount, setMinAmount] = useState("");
  const [days, setDays] = useState<number | string>("");
  useEffect(() => {
    if (rule.data) {
      setMinAmount(rule.data.minAmount);
      setDays(rule.data.days);
    }
  }, [rule.data]);
  const amountError = checkField(["required", "currency"], minAmount, "Amount");
  const save = useMutation({
    mutationFn: (next: ReceiptRule) => api<ReceiptRule>("PUT", "/API/CreditCard/ReceiptRule", next),
    onSuccess: (saved) => {
      client.setQueryData(receiptRuleQuery.queryKey, saved);
      // Which charges miss a receipt follows the rule: the inbox's list and Home's count (its key's child).
      void client.invalidateQueries({ queryKey: missingReceiptsQuery.queryKey });
      showToast(TOASTS.updated);
    },
    onError: () => showToast(TOASTS.updateFailed),
  });
  return (
    <Stack gap={4} component="section" aria-labelledby="receipts-label">
      <Text fw={500} id="receipts-label">
        Card receipts
      </Text>
      <Text size="sm" c="dimmed">
        Charges of at least this amount need a receipt; one still missing after this many days is listed in the card
        holder's inbox.
      </Text>
      <Group align="flex-start">
        <TextInput
          label="Amount"
          leftSection="$"
          inputMode="decimal"
          value={minAmount}
          error={minAmount === "" ? undefined : (amountError ?? undefined)}
          onChange={(event) => setMinAmount(event.currentTarget.value)}
          w={140}
        />
        <NumberInput label="Days" min={0} max={365} allowDecimal={false} value={days} onChange={setDays} w={110} />
        <Button
          mt={25}
          disabled={!rule.data || amountError !== null || typeof days !== "number"}
          loading={save.isPending}
          onClick={() => save.mutate({ minAmount, days: Number(days) })}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
