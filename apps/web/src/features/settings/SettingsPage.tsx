import type { MantineColorScheme } from "@mantine/core";
import { SegmentedControl, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useAccess } from "../../services/access";
import { useUserColourScheme } from "../../services/colour-scheme";
import { setDevice, useLayout } from "../../services/device";
import { userQuery } from "../../services/session";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { ClientAddress } from "./ClientAddress";
import { ReceiptRuleSettings } from "./ReceiptRuleSettings";

/**
 * Settings (page 37, always open): the layout of this browser, kept in the device cookie for 7
 * days, and the user's colour scheme (light, dark or the system's), kept for them; their network
 * address as the server sees it; for administrators, the company's rule for card receipts.
 */
export function SettingsPage() {
  const layout = useLayout();
  const { data: user } = useQuery(userQuery);
  const { scheme, choose } = useUserColourScheme(user?.empID);
  const administrator = useAccess().holds("administrators");
  return (
    <PageFrame reading>
      <PageHeading path="/settings" />
      <Stack gap={4}>
        <Text fw={500} id="layout-label">
          Layout
        </Text>
        <SegmentedControl
          aria-labelledby="layout-label"
          value={layout}
          onChange={(value) => setDevice(value === "desktop" ? "DESKTOP" : "MOBILE")}
          data={[
            { value: "desktop", label: "Desktop" },
            { value: "mobile", label: "Mobile" },
          ]}
        />
      </Stack>
      <Stack gap={4}>
        <Text fw={500} id="scheme-label">
          Colour scheme
        </Text>
        <SegmentedControl
          aria-labelledby="scheme-label"
          // Kept for the signed-in user: offered once the shell knows who that is.
          disabled={!user}
          value={scheme}
          onChange={(value) => choose(value as MantineColorScheme)}
          data={[
            { value: "light", label: "Light" },
            { value: "dark", label: "Dark" },
            { value: "auto", label: "System" },
          ]}
        />
      </Stack>
      <ClientAddress />
      {administrator ? <ReceiptRuleSettings /> : null}
    </PageFrame>
  );
}
