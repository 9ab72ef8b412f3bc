import { SimpleGrid, Title } from "@mantine/core";
import { zonedIso } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { appConfigQuery, permissionsQuery, userQuery } from "../../services/session";
import { PageFrame } from "../../widgets/PageFrame";
import { ColleaguesBlock } from "./ColleaguesBlock";
import { type HomeBlockName, homeBlocksFor } from "./home-blocks";
import { MyWeekBlock } from "./MyWeekBlock";
import { RecentProjectsBlock } from "./RecentProjectsBlock";
import { ReleaseNotesBlock } from "./ReleaseNotesBlock";
import { TodayBlock } from "./TodayBlock";
import { WaitingBlock } from "./WaitingBlock";

const BLOCKS: Record<HomeBlockName, ComponentType> = {
  today: TodayBlock,
  myWeek: MyWeekBlock,
  waiting: WaitingBlock,
  colleagues: ColleaguesBlock,
  recentProjects: RecentProjectsBlock,
  releaseNotes: ReleaseNotesBlock,
};

/** By the hour of the day; past midnight is still the evening until five. */
export const greeting = (hour: number) =>
  hour >= 5 && hour < 12 ? "Good morning" : hour >= 12 && hour < 18 ? "Good afternoon" : "Good evening";

/**
 * Home (/, page 1; docs/decisions.md#home): the blocks the user may see, each with its own
 * loading, empty and error state; what they read was asked for by the route's guard, with the
 * permissions (one round of calls).
 */
export function HomePage() {
  const { data: user } = useQuery(userQuery);
  const { data: permissions = [] } = useQuery(permissionsQuery);
  const { data: config } = useQuery(appConfigQuery);
  // The company's hour, as every time the app shows (the browser's only until it is known).
  const now = new Date();
  const hour = config ? Number(zonedIso(now, config.timeZone).slice(11, 13)) : now.getHours();
  return (
    <PageFrame>
      <Title order={1} size="h2">
        {greeting(hour)}
        {user ? `, ${user.empFirstName}` : ""}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ alignItems: "start" }}>
        {homeBlocksFor(permissions).map((block) => {
          const Block = BLOCKS[block.name];
          return "rows" in block ? (
            <div key={block.name} style={{ gridRow: `span ${block.rows}` }}>
              <Block />
            </div>
          ) : (
            <Block key={block.name} />
          );
        })}
      </SimpleGrid>
    </PageFrame>
  );
}
