import { Paper, Select, Stack, Text, Title } from "@mantine/core";
import { menuPlace, SETTINGS, START_PAGES } from "@office/core";
import { useAccess } from "../../services/access";
import { type PreferenceField, usePreferences } from "../../services/preferences";
import { SettingInput } from "./SettingInput";

const { fields } = SETTINGS.preferences;

/** The person's own preferences: saved at each choice, and applied at once. */
export function PreferencesSection() {
  const { preferences, loaded, set } = usePreferences();
  const access = useAccess();
  const pages = START_PAGES.filter((route) => access.route(route)).map((route) => ({
    value: route.path,
    label: menuPlace(route)?.join(" › ") ?? route.title,
  }));
  const choice = (name: "layout" | "colourScheme") => (
    <SettingInput
      name={name}
      field={fields[name]}
      value={preferences[name]}
      kept={preferences[name]}
      onChange={(value) => set(name as PreferenceField, String(value))}
    />
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="preferences-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="preferences-title">
            {SETTINGS.preferences.title}
          </Title>
          <Text size="sm" c="dimmed">
            {SETTINGS.preferences.description}
          </Text>
        </div>
        {choice("layout")}
        {choice("colourScheme")}
        <Select
          label={fields.startPage.label}
          description={fields.startPage.hint}
          searchable
          disabled={!loaded}
          data={
            pages.some((page) => page.value === preferences.startPage)
              ? pages
              : [{ value: "/", label: "Home" }, ...pages]
          }
          value={String(preferences.startPage)}
          onChange={(value) => value && set("startPage", value)}
          allowDeselect={false}
          nothingFoundMessage="No such page"
        />
      </Stack>
    </Paper>
  );
}
