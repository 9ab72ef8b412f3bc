import { Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { pendingApprovalCountQuery, pendingApprovalsLabel } from "../../services/session";
import { missingReceiptCountQuery } from "../credit-cards/queries";
import { HomeBlock } from "./HomeBlock";

/**
 * What waits for me: the inbox's pending-approval count, the one the header shows (read once
 * by the shell and kept current), and the card receipts missing on my charges and cards, with
 * the way to the inbox. Everyone has an inbox (page 52).
 */
export function WaitingBlock() {
  const count = useQuery(pendingApprovalCountQuery);
  const receipts = useQuery(missingReceiptCountQuery);
  const missing = receipts.data ?? 0;
  return (
    <HomeBlock title="Waiting for me" more={{ to: "/inbox", label: "Open inbox" }} reads={[count, receipts]}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="xl" color={count.data ? "red" : "gray"} aria-hidden="true">
          <IconInbox size={18} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text size="sm">
            {count.data ? `${pendingApprovalsLabel(count.data ?? 0)} in your inbox.` : "Nothing waits for you."}
          </Text>
          {missing ? (
            <Text size="sm">{`${missing} card receipt${missing === 1 ? " is" : "s are"} missing.`}</Text>
          ) : null}
        </Stack>
      </Group>
    </HomeBlock>
  );
}
