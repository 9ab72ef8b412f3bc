import { SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { setDevice, useLayout } from "../../services/device";

/** Settings (page 37, always open): the layout of this browser, kept in the device cookie for 7 days. */
export function SettingsPage() {
  const layout = useLayout();
  return (
    <Stack p="lg" gap="md" maw={480}>
      <Title order={1} size="h2">
        Settings
      </Title>
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
    </Stack>
  );
}
