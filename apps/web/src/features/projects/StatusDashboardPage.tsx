import { SimpleGrid } from "@mantine/core";
import { vwProjectList } from "@office/core";
import { MyRecentProjects } from "./MyRecentProjects";
import { ProjectsByStatus } from "./ProjectsByStatus";
import { useMayView } from "./useMayView";

/** The status dashboard (page 2): projects counted by status (for those who may search projects), and the user's recent ones. */
export function StatusDashboardPage() {
  const mayCount = useMayView(vwProjectList);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" p="md">
      {mayCount ? <ProjectsByStatus /> : null}
      <MyRecentProjects />
    </SimpleGrid>
  );
}
