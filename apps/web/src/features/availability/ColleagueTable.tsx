import { ActionIcon, Anchor, Group, Table, Text, Tooltip, UnstyledButton } from "@mantine/core";
import {
  type AvailabilitySource,
  availabilityColour,
  availabilityText,
  type DepartmentGroup,
  durationSince,
} from "@office/core";
import { IconChevronDown, IconChevronRight, IconInfoCircle, IconMail } from "@tabler/icons-react";
import { memo, useId } from "react";
import { LIGHT_SHADE } from "./colours";

/** A group's key in the expanded state: its department id, or "none". */
export const groupKey = (group: DepartmentGroup) => String(group.department ?? "none");

interface ColleagueTableProps {
  groups: readonly DepartmentGroup[];
  /** Groups whose state the user toggled: the own one starts expanded, the others collapsed. */
  toggled: ReadonlySet<string>;
  onToggle: (key: string) => void;
  now: Date;
}

/**
 * Colleagues' availability by department (spec 2.3): the user's own department first and
 * expanded, the others collapsed and toggled by their row's button; each department with a
 * mail link to its contact address; each person as "last, first", HH:mm since the last change
 * and the status in its light colour, with an info tooltip (extension, today's office hours).
 */
export function ColleagueTable({ groups, toggled, onToggle, now }: ColleagueTableProps) {
  return (
    <Table aria-label="Colleagues' availability" fz="sm" verticalSpacing={4} horizontalSpacing="xs" stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Duration</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      {groups.map((group) => {
        const key = groupKey(group);
        return (
          <Department
            key={key}
            id={key}
            group={group}
            expanded={group.own !== toggled.has(key)}
            onToggle={onToggle}
            now={now}
          />
        );
      })}
    </Table>
  );
}

interface DepartmentProps {
  id: string;
  group: DepartmentGroup;
  expanded: boolean;
  onToggle: (key: string) => void;
  now: Date;
}

const Department = memo(function Department({ id, group, expanded, onToggle, now }: DepartmentProps) {
  const bodyId = useId();
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  return (
    <Table.Tbody id={bodyId}>
      <Table.Tr bg="gray.0">
        <Table.Th colSpan={3} scope="rowgroup">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <UnstyledButton
              onClick={() => onToggle(id)}
              aria-expanded={expanded}
              aria-controls={bodyId}
              fw={600}
              fz="sm"
              style={{ display: "flex", alignItems: "center", gap: 4 }}
            >
              <Chevron size={14} aria-hidden="true" />
              {group.name} ({group.people.length})
            </UnstyledButton>
            {group.email ? (
              <Anchor href={`mailto:${group.email}`} aria-label={`E-mail ${group.name}`} title={group.email}>
                <IconMail size={16} aria-hidden="true" />
              </Anchor>
            ) : null}
          </Group>
        </Table.Th>
      </Table.Tr>
      {expanded
        ? group.people.map((person) => (
            <Person key={person.empID} person={person} duration={durationSince(person.empAvailabilityTS, now)} />
          ))
        : null}
    </Table.Tbody>
  );
});

/** A person's row renders again only when their row or the minutes of their duration change. */
const Person = memo(function Person({ person, duration }: { person: AvailabilitySource; duration: string }) {
  const name = `${person.empLastName}, ${person.empFirstName}`;
  const colour = availabilityColour(person.empAvailabilityType);
  const info = `Ext. ${person.empOfficeExtention || "none"} · Today: ${person.todayHours || "no office hours"}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text span fz="sm">
            {name}
          </Text>
          <Tooltip label={info} events={{ hover: true, focus: true, touch: true }} role="tooltip" withArrow>
            {/* The tooltip shows on hover and focus; screen readers hear it as the button's description. */}
            <ActionIcon variant="subtle" color="gray" size="xs" aria-label={`About ${name}`} aria-description={info}>
              <IconInfoCircle size={14} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
      <Table.Td ff="monospace">{duration}</Table.Td>
      <Table.Td bg={LIGHT_SHADE[colour]} data-status={colour}>
        {availabilityText(person.empAvailabilityType)}
      </Table.Td>
    </Table.Tr>
  );
});
