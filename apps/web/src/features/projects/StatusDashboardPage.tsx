import { SimpleGrid } from "@mantine/core";
import { MyRecentProjects } from "./MyRecentProjects";
import { ProjectsByStatus } from "./ProjectsByStatus";

/** The status dashboard (page 2): projects counted by status, and the user's recent ones. */
export function StatusDashboardPage() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" p="md">
      <ProjectsByStatus />
      <MyRecentProjects />
    </SimpleGrid>
  );
}
