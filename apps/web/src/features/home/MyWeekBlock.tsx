import { Box, Group, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatMinutes, hoursRangesOf, myWeek, tblProjectNotes, type WeekDay } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useAccess } from "../../services/access";
import { useCompanyDay } from "../../services/company-day";
import { hint } from "../../widgets/hint";
import { ProjectNotesButton } from "../time-notes/ProjectNotesButton";
import { loggedNotesQuery, myOfficeHoursQuery } from "../time-notes/queries";
import { HomeBlock } from "./HomeBlock";

const DAY_NAMES: Record<WeekDay["weekday"], string> = {
  Su: "Sunday",
  Mo: "Monday",
  Tu: "Tuesday",
  We: "Wednesday",
  Th: "Thursday",
  Fr: "Friday",
  Sa: "Saturday",
};

/** "01:30 of 08:00", or the logged time alone where no office hours are set. */
const against = (logged: number, expected: number | null) =>
  expected ? `${formatMinutes(logged)} of ${formatMinutes(expected)}` : formatMinutes(logged);

function Meter({ label, logged, expected }: { label: string; logged: number; expected: number | null }) {
  const share = expected ? Math.min(100, (logged / expected) * 100) : 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" ff="monospace">
          {against(logged, expected)}
        </Text>
      </Group>
      {expected ? (
        <Progress value={share} aria-label={`${label}: ${against(logged, expected)}`} color="teal" size="sm" />
      ) : null}
    </Stack>
  );
}

/**
 * My hours today and this week against my office hours, each day of the week with its logged
 * time, and the working days so far with nothing logged. It reads what the header's hours
 * button has already read (the same week's notes), and the user's office hours.
 */
export function MyWeekBlock() {
  const day = useCompanyDay();
  const ranges = useMemo(() => (day ? hoursRangesOf(day) : undefined), [day]);
  const notes = useQuery({ ...loggedNotesQuery(ranges?.week ?? { start: "", end: "" }), enabled: !!ranges });
  const hours = useQuery(myOfficeHoursQuery);
  const mayLog = useAccess().grant(tblProjectNotes.access.add, "add");
  const week = day && notes.data && hours.data ? myWeek(notes.data, day, hours.data) : undefined;
  return (
    <HomeBlock title="My week" reads={[notes, hours]}>
      {week ? (
        <Stack gap="md">
          <Meter label="Today" logged={week.today.logged} expected={week.today.expected} />
          <Meter label="This week" logged={week.logged} expected={week.expected || null} />
          <SimpleGrid cols={7} spacing={4} role="list" aria-label="Logged time by day">
            {week.days.map((d, i) => (
              <DayCell
                key={d.date}
                day={d}
                today={d.date === day}
                missing={week.missing.includes(d)}
                align={i < 3 ? "start" : i > 3 ? "end" : "center"}
              />
            ))}
          </SimpleGrid>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {week.missing.length === 0
                ? "Time logged on every working day so far."
                : `No time logged on ${week.missing.map((d) => DAY_NAMES[d.weekday]).join(", ")}.`}
            </Text>
            {mayLog ? <ProjectNotesButton label="Log time" /> : null}
          </Group>
        </Stack>
      ) : null}
    </HomeBlock>
  );
}

function DayCell({
  day,
  today,
  missing,
  align,
}: {
  day: WeekDay;
  today: boolean;
  missing: boolean;
  /** Which edge its hint keeps to, so it stays inside the block: the first days' left, the last days' right. */
  align: "start" | "center" | "end";
}) {
  const name = DAY_NAMES[day.weekday];
  const detail = `${name}${today ? " (today)" : ""}: ${against(day.logged, day.expected)}${missing ? ", nothing logged" : ""}`;
  return (
    <Box
      {...hint(detail, align)}
      role="listitem"
      aria-label={detail}
      tabIndex={0}
      p={4}
      style={{
        textAlign: "center",
        borderRadius: "var(--mantine-radius-sm)",
        border: `1px solid ${missing ? "var(--mantine-color-red-outline)" : "var(--mantine-color-default-border)"}`,
        background: today ? "var(--mantine-color-default-hover)" : undefined,
      }}
    >
      <Text size="xs" fw={today ? 700 : 500}>
        {day.weekday}
      </Text>
      <Text size="xs" ff="monospace" c={missing ? "var(--mantine-color-error)" : day.logged ? undefined : "dimmed"}>
        {day.logged || day.expected !== null ? formatMinutes(day.logged) : "–"}
      </Text>
    </Box>
  );
}
