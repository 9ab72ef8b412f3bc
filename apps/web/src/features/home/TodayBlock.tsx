import { Anchor, Stack, Text } from "@mantine/core";
import { todaysEvents } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link } from "react-router";
import { useCompanyDay } from "../../services/company-day";
import { HomeBlock } from "./HomeBlock";
import { dayOccurrencesQuery } from "./today-query";

/**
 * Today on the company calendar: the events the user may see on the company's day (its zone
 * decides the day), whole-day ones first, then by time, each opening the calendar's day view
 * on itself; past TODAY_SHOWN, how many more, in that view. Plain text and links: the calendar's
 * own component loads with its page, never with Home.
 */
export function TodayBlock() {
  const day = useCompanyDay();
  // Asked for once the day is known (the route's guard asked already, with the same key).
  const occurrences = useQuery({ ...dayOccurrencesQuery(day ?? ""), enabled: !!day });
  const today = useMemo(
    () => (day && occurrences.data ? todaysEvents(occurrences.data, day) : undefined),
    [day, occurrences.data],
  );
  return (
    <HomeBlock
      title="Today"
      subject="today's events"
      more={today ? { to: today.all, label: "Open calendar" } : undefined}
      reads={[occurrences]}
      empty={today?.entries.length === 0 ? <Text size="sm">Nothing on your calendar today.</Text> : undefined}
    >
      <Stack gap={0} component="ul" aria-label="Today's events" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {today?.entries.map((entry) => (
          <Stack
            key={entry.key}
            component="li"
            gap={0}
            py={6}
            style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            <Anchor component={Link} to={entry.path} size="sm" fw={500} truncate>
              {entry.title}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              {entry.location ? `${entry.times} · ${entry.location}` : entry.times}
            </Text>
          </Stack>
        ))}
      </Stack>
      {today?.more ? (
        <Anchor component={Link} to={today.all} size="sm">
          {today.more} more
        </Anchor>
      ) : null}
    </HomeBlock>
  );
}
