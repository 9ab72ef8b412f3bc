import { Anchor, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { SETTINGS, type SettingKey, settingsOf } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { settingsQuery } from "../../services/preferences";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { ClientAddress } from "./ClientAddress";
import { CompanySettingForm } from "./CompanySettingForm";
import { PreferencesSection } from "./PreferencesSection";

const COMPANY = settingsOf("company");

/**
 * Settings (page 37, always open): the person's own preferences, kept on the server so they
 * follow them to any browser; their network address as the server sees it; and for
 * administrators (who are sent them) the company's settings, each drawn from its declaration
 * in core. docs/decisions.md#settings.
 */
export function SettingsPage() {
  const settings = useQuery(settingsQuery);
  const company = settings.data?.company;
  return (
    <PageFrame reading>
      <PageHeading path="/settings" />
      <PreferencesSection />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <ClientAddress />
          <Text size="sm">
            Permissions or settings changed for you while you were signed in?{" "}
            <Anchor component={Link} to="/update-config?back=/settings">
              Reload them
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
      {settings.data?.viewedAs?.length ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="viewed-as-title">
          <Stack gap={4}>
            <Title order={2} size="h4" id="viewed-as-title">
              Viewed as you
            </Title>
            <Text size="sm" c="dimmed">
              Administrators who looked at the product as you see it (read only: nothing was done as you).
            </Text>
            {settings.data.viewedAs.map((use) => (
              <Text key={`${use.by}-${use.at}`} size="sm">
                {`${use.by}, ${new Date(use.at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}`}
              </Text>
            ))}
          </Stack>
        </Paper>
      ) : null}
      {settings.isPending ? <Skeleton height={120} radius="md" aria-hidden="true" /> : null}
      {settings.isError ? (
        <Text c="red" role="alert">
          The settings could not be read.
        </Text>
      ) : null}
      {company ? (
        <Stack gap="md" component="section" aria-labelledby="company-title">
          <div>
            <Title order={2} size="h4" id="company-title">
              Company settings
            </Title>
            <Text size="sm" c="dimmed">
              For everyone at once, on every server, from the moment they are saved. Each change is in the audit trail.
            </Text>
          </div>
          {COMPANY.map((def) => {
            const state = company[def.key];
            return state ? (
              <CompanySettingForm key={def.key} def={SETTINGS[def.key as SettingKey]} state={state} />
            ) : null;
          })}
        </Stack>
      ) : null}
    </PageFrame>
  );
}
