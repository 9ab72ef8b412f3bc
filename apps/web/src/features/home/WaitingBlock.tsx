import { Anchor, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { PROJECTS, recordAddress } from "@office/core";
import { IconInbox, IconTruck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useAccess } from "../../services/access";
import { pendingApprovalCountQuery, pendingApprovalsLabel } from "../../services/session";
import { missingReceiptCountQuery } from "../credit-cards/queries";
import { myStuckShipmentsQuery, STUCK_SHOWN } from "../shipping/stuck-query";
import { HomeBlock } from "./HomeBlock";

/**
 * What waits for me: the inbox's pending-approval count, the one the header shows (read once
 * by the shell and kept current), the card receipts missing on my charges and cards, with
 * the way to the inbox, and the stuck parcels of my projects (issue 36), each with the way to
 * its project. Everyone has an inbox (page 52).
 */
export function WaitingBlock() {
  const count = useQuery(pendingApprovalCountQuery);
  const receipts = useQuery(missingReceiptCountQuery);
  const stuck = useQuery(myStuckShipmentsQuery);
  const mayOpenProjects = useAccess().mayView(PROJECTS.resource);
  const missing = receipts.data ?? 0;
  const parcels = stuck.data ?? [];
  return (
    <HomeBlock title="Waiting for me" more={{ to: "/inbox", label: "Open inbox" }} reads={[count, receipts, stuck]}>
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
      {parcels.length > 0 ? (
        <Group gap="sm" wrap="nowrap" align="flex-start" mt="sm">
          <ThemeIcon variant="light" size="lg" radius="xl" color="orange" aria-hidden="true">
            <IconTruck size={18} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Text size="sm">
              {parcels.length === 1
                ? "A parcel of your projects is stuck."
                : `${parcels.length} parcels of your projects are stuck.`}
            </Text>
            {parcels.slice(0, STUCK_SHOWN).map((parcel) => (
              <div key={parcel.shipmentID}>
                <Text size="sm" truncate>
                  {mayOpenProjects ? (
                    <Anchor component={Link} to={recordAddress(PROJECTS.recordPath ?? "", parcel.projectID)}>
                      {parcel.projectName}
                    </Anchor>
                  ) : (
                    parcel.projectName
                  )}
                </Text>
                <Text size="xs">{`${parcel.trackingNumber} · ${parcel.stuckReason}`}</Text>
              </div>
            ))}
          </Stack>
        </Group>
      ) : null}
    </HomeBlock>
  );
}
