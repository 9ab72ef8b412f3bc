import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { wallClockDate } from "@office/core";

export interface DayOff {
  original: string;
  reason: string;
}

const SHOWN = 8;
const DAY = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** "Mon, Nov 26" of an occurrence's wall-clock start. */
const dayOf = (original: string) => {
  const date = wallClockDate(original);
  return date ? DAY.format(date) : original;
};

/** The question when a new series meets days off: skip those dates, keep them, or go back to the dialog. */
export function DaysOffQuestion({
  days,
  busy,
  onBack,
  onKeep,
  onSkip,
}: {
  days: readonly DayOff[] | null;
  busy: boolean;
  onBack: () => void;
  onKeep: () => void;
  onSkip: () => void;
}) {
  const count = days?.length ?? 0;
  const dates = `${count} date${count === 1 ? "" : "s"}`;
  return (
    <Modal opened={days !== null} onClose={onBack} title="Days off in this series" centered>
      <Stack gap="md">
        <Text size="sm">
          {dates} of this series {count === 1 ? "falls" : "fall"} on a company holiday or while an attendee is out of
          office. Skip {count === 1 ? "it" : "them"}?
        </Text>
        <List size="sm" spacing={4}>
          {(days ?? []).slice(0, SHOWN).map((day) => (
            <List.Item key={day.original}>
              {dayOf(day.original)}: {day.reason}
            </List.Item>
          ))}
        </List>
        {count > SHOWN ? (
          <Text size="sm" c="dimmed">
            and {count - SHOWN} more
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button variant="default" onClick={onKeep} loading={busy}>
            Keep them
          </Button>
          <Button onClick={onSkip} loading={busy}>
            Skip {dates}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
