import { Anchor, Group, Stack, Text } from "@mantine/core";
import { formatDateTimeIn, tblProjectNotes, vwProjectList } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useAccess } from "../../services/access";
import { appConfigQuery } from "../../services/session";
import { myRecentProjectsQuery } from "../projects/recent-projects-query";
import { ProjectNotesButton } from "../time-notes/ProjectNotesButton";
import { HomeBlock } from "./HomeBlock";

const SHOWN = 6;

/**
 * My recent projects (time logged, a status set, or owned), the latest first: each opens, for
 * those who may open projects, and has a one-click Log time for those who may log time.
 */
export function RecentProjectsBlock() {
  const recent = useQuery(myRecentProjectsQuery);
  const { data: config } = useQuery(appConfigQuery);
  const access = useAccess();
  const mayOpen = access.mayView(vwProjectList);
  const mayLog = access.grant(tblProjectNotes.access.add, "add");
  const rows = recent.data?.slice(0, SHOWN);
  return (
    <HomeBlock
      title="My recent projects"
      more={{ to: "/statusdashboard", label: "Status dashboard" }}
      reads={[recent]}
      empty={
        rows?.length === 0 ? (
          <Text size="sm">No recent project. Projects you log time on or set a status of appear here.</Text>
        ) : undefined
      }
    >
      <Stack gap={0} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {rows?.map((row) => {
          const when = row.lastActivityTS && config ? formatDateTimeIn(row.lastActivityTS, config.timeZone) : null;
          return (
            <Group
              key={row.projectID}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                {mayOpen ? (
                  <Anchor component={Link} to={`/project/de?id=${row.projectID}`} size="sm" fw={500} truncate>
                    {row.projectName}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={500} truncate>
                    {row.projectName}
                  </Text>
                )}
                <Text size="xs" c="dimmed" truncate>
                  {[`#${row.projectID}`, row.latestStatusName, when].filter(Boolean).join(" · ")}
                </Text>
              </Stack>
              {mayLog ? (
                <ProjectNotesButton
                  project={{ projectID: row.projectID, projectName: row.projectName ?? `Project ${row.projectID}` }}
                />
              ) : null}
            </Group>
          );
        })}
      </Stack>
    </HomeBlock>
  );
}
