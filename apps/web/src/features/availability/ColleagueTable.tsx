import { Anchor, Group, Table, Tooltip, UnstyledButton } from "@mantine/core";
import {
  type AvailabilitySource,
  availabilityColour,
  availabilityLabel,
  type DepartmentGroup,
  durationSince,
} from "@office/core";
import { IconChevronDown, IconChevronRight, IconInfoCircle, IconMail } from "@tabler/icons-react";
import { memo, type SyntheticEvent, useId, useMemo, useState } from "react";
import { STATUS_CELL } from "./colours";
import { groupKey } from "./show-department";

// Rows are plain elements with Mantine's classes: hundreds render at once (2,000 people).
const ROW = `mantine-Table-tr ${Table.classes.tr}`;
const CELL = `mantine-Table-td ${Table.classes.td}`;
const INFO_BUTTON = "mantine-focus-auto";
const INFO_STYLE = {
  border: 0,
  background: "none",
  padding: 2,
  verticalAlign: "middle",
  color: "var(--mantine-color-gray-7)",
  cursor: "help",
  borderRadius: 4,
  lineHeight: 0,
} as const;

/** A group's key in the expanded state: its department id, or "none". */

interface ColleagueTableProps {
  groups: readonly DepartmentGroup[];
  /** Groups whose state the user toggled: the own one starts expanded, the others collapsed. */
  toggled: ReadonlySet<string>;
  onToggle: (key: string) => void;
  now: Date;
  /** Every department open (the colleagues a name search found), whatever was toggled. */
  expandAll?: boolean;
}

/**
 * Colleagues' availability by department: the user's own department first and
 * expanded, the others collapsed and toggled by their row's button; each department with a
 * mail link to its contact address; each person as "last, first", HH:mm since the last change
 * and the status in its light colour, with an info tooltip (extension, today's office hours).
 */
export function ColleagueTable({ groups, toggled, onToggle, now, expandAll = false }: ColleagueTableProps) {
  // One tooltip for the table, over whichever info button is hovered or focused: a tooltip per
  // person would cost each row its own floating element (2,000 people, hundreds shown).
  const [tip, setTip] = useState<HTMLElement | null>(null);
  const handlers = useMemo<TipHandlers>(
    () => ({ show: (event) => setTip(event.currentTarget), hide: () => setTip(null) }),
    [],
  );
  return (
    <>
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
              expanded={expandAll || group.own !== toggled.has(key)}
              onToggle={onToggle}
              now={now}
              tip={handlers}
            />
          );
        })}
      </Table>
      {tip ? (
        <Tooltip label={tip.getAttribute("aria-description")} opened target={tip} role="tooltip" withArrow />
      ) : null}
    </>
  );
}

interface TipHandlers {
  show: (event: SyntheticEvent<HTMLElement>) => void;
  hide: () => void;
}

interface DepartmentProps {
  id: string;
  group: DepartmentGroup;
  expanded: boolean;
  onToggle: (key: string) => void;
  now: Date;
  tip: TipHandlers;
}

const Department = memo(function Department({ id, group, expanded, onToggle, now, tip }: DepartmentProps) {
  const bodyId = useId();
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  return (
    <Table.Tbody id={bodyId}>
      <Table.Tr bg="var(--mantine-color-default-hover)">
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
            <Person
              key={person.empID}
              person={person}
              duration={durationSince(person.empAvailabilityTS, now)}
              tip={tip}
            />
          ))
        : null}
    </Table.Tbody>
  );
});

/** A person's row renders again only when their row or the minutes of their duration change. */
const Person = memo(function Person({
  person,
  duration,
  tip,
}: {
  person: AvailabilitySource;
  duration: string;
  tip: TipHandlers;
}) {
  const name = `${person.empLastName}, ${person.empFirstName}`;
  const colour = availabilityColour(person.empAvailabilityType);
  const info = `Ext. ${person.empOfficeExtention || "none"} · Today: ${person.todayHours || "no office hours"}`;
  return (
    <tr className={ROW}>
      <td className={CELL}>
        {name} {/* The tooltip shows on hover and focus; screen readers hear it as the button's description. */}
        <button
          type="button"
          className={INFO_BUTTON}
          style={INFO_STYLE}
          aria-label={`About ${name}`}
          aria-description={info}
          onMouseEnter={tip.show}
          onFocus={tip.show}
          onMouseLeave={tip.hide}
          onBlur={tip.hide}
        >
          <IconInfoCircle size={14} aria-hidden="true" />
        </button>
      </td>
      <td className={CELL} style={{ fontFamily: "var(--mantine-font-family-monospace)" }}>
        {duration}
      </td>
      <td className={CELL} style={STATUS_CELL[colour]} data-status={colour}>
        {availabilityLabel(person.empAvailabilityType)}
      </td>
    </tr>
  );
});
