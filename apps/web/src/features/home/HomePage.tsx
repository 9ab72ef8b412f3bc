import { SimpleGrid, Stack, Title } from "@mantine/core";
import { tblReleaseNote, vwEmployeeAvailability, vwMyProjectNotes, vwMyRecentProjects } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useAccess } from "../../services/access";
import { userQuery } from "../../services/session";
import { ColleaguesBlock } from "./ColleaguesBlock";
import { MyWeekBlock } from "./MyWeekBlock";
import { RecentProjectsBlock } from "./RecentProjectsBlock";
import { ReleaseNotesBlock } from "./ReleaseNotesBlock";
import { WaitingBlock } from "./WaitingBlock";

const greeting = (hour: number) => (hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening");

/**
 * Home (/, page 1; docs/decisions.md#home): the blocks the user may see, each reading at once
 * (one round of calls, most of them already made by the shell) with its own loading, empty and
 * error state.
 */
export function HomePage() {
  const { data: user } = useQuery(userQuery);
  const access = useAccess();
  return (
    <Stack p="md" gap="md" maw={1400}>
      <Title order={1} size="h2">
        {greeting(new Date().getHours())}
        {user ? `, ${user.empFirstName}` : ""}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ alignItems: "start" }}>
        {access.mayView(vwMyProjectNotes) ? <MyWeekBlock /> : null}
        <WaitingBlock />
        {access.mayView(vwEmployeeAvailability) ? <ColleaguesBlock /> : null}
        {access.mayView(vwMyRecentProjects) ? <RecentProjectsBlock /> : null}
        {access.mayView(tblReleaseNote) ? <ReleaseNotesBlock /> : null}
      </SimpleGrid>
    </Stack>
  );
}
