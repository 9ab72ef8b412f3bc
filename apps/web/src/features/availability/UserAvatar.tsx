import { Avatar, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import {
  availabilityColour,
  departmentGroups,
  ownStatusWords,
  type SignedInUser,
  vwEmployeeAvailability,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { type FocusEvent, useCallback, useId, useMemo, useRef, useState } from "react";
import { useAccess } from "../../services/access";
import { useChunkComponent } from "../../services/chunk-component";
import { useLoadWhenSettled } from "../../services/load-when-settled";
import { appConfigQuery } from "../../services/session";
import { useAbsenceTurns } from "./absence-turns";
import { availabilityQuery } from "./availability-query";
import { MANTINE_COLOUR, ON_STATUS_COLOUR } from "./colours";
import { groupKey, useShowDepartment } from "./show-department";
import { useLiveAvailability } from "./useLiveAvailability";
import { useSetAvailability } from "./useSetAvailability";

// The panel (the switch, the colleagues' table) is no part of a page's first paint: it loads
// once the page has settled, or when the panel first opens.
const loadPanel = async () => (await import("./AvailabilityPanel")).AvailabilityPanel;

export const initials = (user: Pick<SignedInUser, "empFirstName" | "empLastName">) =>
  `${user.empFirstName.charAt(0)}${user.empLastName.charAt(0)}`.toUpperCase();

/**
 * The header's name of the signed-in user with their status in words beneath it ("In", "On
 * break"): the avatar's colour says it too, but not to everyone. The list is the avatar's own
 * read (one cache entry, kept by the live stream); a user outside the list has no words.
 */
export function OwnStatus({ user, name }: { user: SignedInUser; name: string }) {
  const mayRead = useAccess().mayView(vwEmployeeAvailability);
  const { data: people } = useQuery({ ...availabilityQuery, enabled: mayRead });
  const own = people?.find((person) => person.empID === user.empID);
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={500} lh={1.2} style={{ whiteSpace: "nowrap" }}>
        {name}
      </Text>
      {own ? (
        <Text size="xs" c="dimmed" lh={1.2} style={{ whiteSpace: "nowrap" }}>
          {ownStatusWords(own.empAvailabilityType)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The avatar with the user's initials, in the colour of their status. Hovering
 * or focusing it opens the panel: the In / Break / Out switch (when the user's own entry is in
 * the availability list), the settings and time-clock links, and the colleagues' table. From
 * the keyboard, focus shows the panel and Tab goes on past it; Enter, Space or Down goes into
 * it, where focus stays until Escape closes it and returns to the avatar.
 */
export function UserAvatar({ user, sheet = false }: { user: SignedInUser; sheet?: boolean }) {
  const [opened, setOpened] = useState(false);
  const Panel = useChunkComponent(loadPanel, opened);
  // Whether the user went into the panel (a click, Enter, Space or Down): focus stays in it until Escape.
  const [entered, setEntered] = useState(false);
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const target = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { data: config } = useQuery(appConfigQuery);
  const mayRead = useAccess().mayView(vwEmployeeAvailability);
  useLiveAvailability(mayRead);
  const { data: people } = useQuery({ ...availabilityQuery, enabled: mayRead });
  const own = people?.find((person) => person.empID === user.empID);
  useAbsenceTurns(people);
  // Grouped here, once per change of the list, not each time the panel opens.
  const groups = useMemo(
    () => (mayRead && people ? departmentGroups(people, user.empDepartment) : undefined),
    [mayRead, people, user.empDepartment],
  );
  const setAvailability = useSetAvailability(user.empID);
  useLoadWhenSettled(loadPanel);

  // Closing a panel the user went into returns the focus to the avatar, and that one focus
  // must not open the panel again (a later one, the user's, does).
  const focusReturning = useRef(false);
  // The pointer may cross the gap between avatar and panel without the panel closing.
  const open = () => {
    clearTimeout(closing.current);
    setOpened(true);
  };
  const close = () => {
    clearTimeout(closing.current);
    closing.current = setTimeout(() => {
      setOpened(false);
      setEntered(false);
    }, 150);
  };
  // A panel the user went into stays until Escape or a click elsewhere, wherever the pointer goes.
  const hover = {
    onMouseEnter: open,
    onMouseLeave: () => {
      if (!entered) close();
    },
  };
  // Focus may move between the avatar and the panel (rendered elsewhere in the page) freely.
  const leaving = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && (target.current?.contains(next) || dropdown.current?.contains(next)))) close();
  };
  const onToggle = useCallback(
    (key: string) =>
      setToggled((keys) => {
        const next = new Set(keys);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  // Home's colleagues ask for a department: the panel opens on it, expanded, the others closed.
  useShowDepartment((key) => {
    setToggled(new Set((groups ?? []).filter((group) => (groupKey(group) === key) !== group.own).map(groupKey)));
    clearTimeout(closing.current);
    setOpened(true);
    setEntered(true);
  });
  const status = own?.empAvailabilityType ?? null;
  const name = `${user.empFirstName} ${user.empLastName}`;

  return (
    <Popover
      opened={opened}
      onChange={(next) => {
        setOpened(next);
        if (next) return;
        focusReturning.current = entered;
        setEntered(false);
      }}
      position="bottom-end"
      shadow="md"
      withArrow
      // On a phone the panel is a sheet across the screen, every column of the list in view.
      width={sheet ? "calc(100vw - 16px)" : 460}
      trapFocus={entered}
      returnFocus={entered}
    >
      <Popover.Target>
        <UnstyledButton
          ref={target}
          {...hover}
          onFocus={() => {
            if (focusReturning.current) focusReturning.current = false;
            else open();
          }}
          onBlur={leaving}
          onClick={() => {
            open();
            setEntered(true);
          }}
          onKeyDown={(event) => {
            // Focus shows the panel; Enter, Space or Down goes into it (Tab goes on past it).
            if (event.key === "ArrowDown") {
              event.preventDefault();
              open();
              setEntered(true);
            } else if (event.key === "Escape") setOpened(false);
          }}
          aria-label={`${name}: availability and settings${own ? ` (${status || "no status"})` : ""}`}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          <Avatar
            color={MANTINE_COLOUR[availabilityColour(status)]}
            variant="filled"
            radius="xl"
            styles={{ placeholder: { color: ON_STATUS_COLOUR } }}
          >
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown ref={dropdown} {...hover} onBlur={leaving} aria-labelledby={titleId}>
        <VisuallyHidden id={titleId}>Availability panel</VisuallyHidden>
        {opened && !Panel ? (
          <Text size="sm" c="dimmed" role="status">
            Loading…
          </Text>
        ) : null}
        {opened && Panel ? (
          <Panel
            name={name}
            groups={mayRead ? groups : []}
            status={own ? status : undefined}
            onStatus={(type) => setAvailability.mutate(type)}
            timeClockUrl={config?.timeClockUrl}
            timeZone={config?.timeZone}
            onNavigate={() => setOpened(false)}
            toggled={toggled}
            onToggle={onToggle}
          />
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
