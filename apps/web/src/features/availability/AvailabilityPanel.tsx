import { Anchor, CloseButton, Group, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { type DepartmentGroup, findColleagues } from "@office/core";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { AvailabilitySwitch } from "./AvailabilitySwitch";
import { ColleagueTable } from "./ColleagueTable";
import { useServerClock } from "./clock";

interface PanelProps {
  name: string;
  /** Colleagues by department; undefined while the list loads. */
  groups: readonly DepartmentGroup[] | undefined;
  /** The user's own status; undefined when their entry is not in the list (no switch then). */
  status: string | null | undefined;
  onStatus: (type: "In" | "Break" | "Out") => void;
  timeClockUrl: string | undefined;
  /** The company's time zone: an absence's end is told on its clock. */
  timeZone: string | undefined;
  onNavigate: () => void;
  toggled: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

/** The avatar panel's content, rendered only while it is open (its clock ticks only then). */
export function AvailabilityPanel(props: PanelProps) {
  const { groups } = props;
  const now = useServerClock();
  // A name typed narrows the list to those it matches, every department they are in open.
  const [term, setTerm] = useState("");
  const found = useMemo(() => (groups ? findColleagues(groups, term) : undefined), [groups, term]);
  const searching = term.trim() !== "";
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{props.name}</Text>
        <Group gap="sm">
          <Anchor component={Link} to="/settings" onClick={props.onNavigate} fz="sm">
            Settings
          </Anchor>
          {props.timeClockUrl ? (
            <Anchor href={props.timeClockUrl} target="_blank" rel="noopener noreferrer" fz="sm">
              Time Clock
            </Anchor>
          ) : null}
        </Group>
      </Group>
      {props.status !== undefined ? <AvailabilitySwitch value={props.status} onChange={props.onStatus} /> : null}
      {groups === undefined || found === undefined ? (
        <Text size="sm" c="dimmed" role="status">
          Loading colleagues…
        </Text>
      ) : groups.length > 0 ? (
        <>
          <TextInput
            aria-label="Find a colleague"
            placeholder="Find a colleague by name"
            size="xs"
            leftSection={<IconSearch size={14} aria-hidden="true" />}
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            rightSection={
              searching ? <CloseButton size="sm" aria-label="Clear the search" onClick={() => setTerm("")} /> : null
            }
          />
          {found.length > 0 ? (
            <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
              <ColleagueTable
                groups={found}
                toggled={props.toggled}
                onToggle={props.onToggle}
                now={now}
                timeZone={props.timeZone}
                expandAll={searching}
              />
            </ScrollArea.Autosize>
          ) : (
            <Text size="sm" c="dimmed" role="status">
              No colleague’s name holds “{term.trim()}”.
            </Text>
          )}
        </>
      ) : null}
    </Stack>
  );
}
