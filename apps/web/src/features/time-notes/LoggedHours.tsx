import { ActionIcon, Button, Popover, Stack, Text, VisuallyHidden } from "@mantine/core";
import { hoursRangesOf, hoursTable } from "@office/core";
import { IconHourglass } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useCompanyDay } from "../../services/company-day";
import { HoursTable } from "./HoursTable";
import { loggedNotesQuery } from "./queries";
import { useNoteEditor } from "./useNoteEditor";

/**
 * Today's and this week's logged hours (docs/product-rules.md#time-notes) in the header: a
 * button with both totals, each labelled, opens the two tables. The week is read once (Sunday to tomorrow, in
 * the company's zone) and today's notes are those of its last day; logging a note reads it
 * again. A note's project opens the note, to correct or remove it.
 */
export function LoggedHours({ compact = false }: { compact?: boolean }) {
  const day = useCompanyDay();
  const ranges = useMemo(() => (day ? hoursRangesOf(day) : undefined), [day]);
  const { data: notes } = useQuery({
    ...loggedNotesQuery(ranges?.week ?? { start: "", end: "" }),
    enabled: ranges !== undefined,
  });
  const today = ranges && notes ? hoursTable(notes, ranges.today) : undefined;
  const week = ranges && notes ? hoursTable(notes, ranges.week) : undefined;
  const titleId = useId();
  const editor = useNoteEditor();
  const [shown, setShown] = useState(false);
  // A note opened from the panel takes its place: the panel closes under the note's dialog.
  // Controlled, the target no longer toggles it by itself.
  const toggle = () => setShown((open) => !open);
  const openNote = (note: object) => {
    setShown(false);
    editor.open(note);
  };
  const summary = `Today ${today?.total ?? "…"} · Week ${week?.total ?? "…"}`;

  return (
    <>
      {/* Never wider than the screen: on a phone the panel takes its width, less a margin. */}
      <Popover
        opened={shown}
        onChange={setShown}
        position="bottom-start"
        shadow="md"
        withArrow
        width="min(640px, calc(100vw - 16px))"
      >
        <Popover.Target>
          {compact ? (
            <ActionIcon variant="subtle" size="lg" aria-label={`Logged hours: ${summary}`} onClick={toggle}>
              <IconHourglass size={20} aria-hidden="true" />
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              size="sm"
              px={8}
              // Its labels say what it is; it keeps its width where the header's search gives up some.
              style={{ flexShrink: 0 }}
              aria-label={`Logged hours: ${summary}`}
              onClick={toggle}
            >
              <Text span size="xs" c="dimmed" mr={4}>
                Today
              </Text>
              {today?.total ?? "…"}
              <Text span size="xs" c="dimmed" ml={8} mr={4}>
                Week
              </Text>
              {week?.total ?? "…"}
            </Button>
          )}
        </Popover.Target>
        <Popover.Dropdown aria-labelledby={titleId} p={compact ? "xs" : undefined}>
          <VisuallyHidden id={titleId}>Logged hours</VisuallyHidden>
          <Stack gap="md">
            <HoursTable caption="Today's hours" hours={today} withDate={false} compact={compact} onOpen={openNote} />
            <HoursTable caption="This week's hours" hours={week} withDate compact={compact} onOpen={openNote} />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {editor.element}
    </>
  );
}
