import { Button, Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { checkField, CREDIT_CARD_OPERATIONS as op, TOASTS } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useOperation } from "../../services/operations";
import { receiptRuleQuery } from "../credit-cards/queries";

/**
 * The company's rule for card receipts (issue 20), an administrator's setting: charges of at
 * least this amount need a receipt within this many days, or they are listed as missing.
 */
export function ReceiptRuleSettings() {
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
  // The rule is a setting (appSetting): the rule itself, and which charges miss a receipt under
  // it (the inbox's list, Home's count), are read again.
  const save = useOperation(op.setReceiptRule, { done: () => TOASTS.updated, failed: () => TOASTS.updateFailed });
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
