import { Anchor, Group, Table, Tooltip, UnstyledButton } from "@mantine/core";
import {
  type AvailabilityColour,
  type AvailabilitySource,
  availabilityColour,
  availabilityLabel,
  type DepartmentGroup,
  durationSince,
  outUntilText,
  statusAt,
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
  /** The company's time zone, in which an absence's end is told ("Out until 05:00 PM"). */
  timeZone: string | undefined;
  /** Every department open (the colleagues a name search found), whatever was toggled. */
  expandAll?: boolean;
}

/**
 * Colleagues' availability by department: the user's own department first and
 * expanded, the others collapsed and toggled by their row's button; each department with a
 * mail link to its contact address; each person as "last, first", HH:mm since the last change
 * and the status in its light colour, with an info tooltip (extension, today's office hours).
 * Someone out of office is "Out until …" while it lasts (core's statusAt), since it began.
 */
export function ColleagueTable({ groups, toggled, onToggle, now, timeZone, expandAll = false }: ColleagueTableProps) {
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
              timeZone={timeZone}
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
  timeZone: string | undefined;
  tip: TipHandlers;
}

const Department = memo(function Department({ id, group, expanded, onToggle, now, timeZone, tip }: DepartmentProps) {
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
        ? group.people.map((person) => {
            const { type, since, absence } = statusAt(person, now);
            return (
              <Person
                key={person.empID}
                person={person}
                duration={durationSince(since, now)}
                status={absence ? (timeZone ? outUntilText(absence, now, timeZone) : "Out") : availabilityLabel(type)}
                colour={availabilityColour(type)}
                tip={tip}
              />
            );
          })
        : null}
    </Table.Tbody>
  );
});

/** A person's row renders again only when their row, the minutes of their duration or their status's words change. */
const Person = memo(function Person({
  person,
  duration,
  status,
  colour,
  tip,
}: {
  person: AvailabilitySource;
  duration: string;
  status: string;
  colour: AvailabilityColour;
  tip: TipHandlers;
}) {
  const name = `${person.empLastName}, ${person.empFirstName}`;
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
        {status}
      </td>
    </tr>
  );
});
