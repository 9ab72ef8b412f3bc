import { SimpleGrid } from "@mantine/core";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { MyRecentProjects } from "./MyRecentProjects";
import { ProjectsByStatus } from "./ProjectsByStatus";

/** The status dashboard (page 2): projects counted by status, and the user's recent ones. */
export function StatusDashboardPage() {
  return (
    <PageFrame gap="sm">
      <PageHeading path="/statusdashboard" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <ProjectsByStatus />
        <MyRecentProjects />
      </SimpleGrid>
    </PageFrame>
  );
}
