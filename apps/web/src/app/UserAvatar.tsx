import { Anchor, Avatar, Popover, Stack, Text, UnstyledButton } from "@mantine/core";
import type { SignedInUser } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { appConfigQuery } from "./session";

export const initials = (user: Pick<SignedInUser, "empFirstName" | "empLastName">) =>
  `${user.empFirstName.charAt(0)}${user.empLastName.charAt(0)}`.toUpperCase();

/**
 * The avatar with the user's initials (spec 2.2). Hovering or focusing it opens the panel:
 * the settings link and the time-clock link; the availability switch and the colleagues'
 * table join them with the availability area.
 */
export function UserAvatar({ user }: { user: SignedInUser }) {
  const [opened, setOpened] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { data: config } = useQuery(appConfigQuery);
  // The pointer may cross the gap between avatar and panel without the panel closing.
  const open = () => {
    clearTimeout(closing.current);
    setOpened(true);
  };
  const close = () => {
    clearTimeout(closing.current);
    closing.current = setTimeout(() => setOpened(false), 150);
  };
  const hover = { onMouseEnter: open, onMouseLeave: close };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton
          {...hover}
          onFocus={open}
          onBlur={(event) => {
            if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) close();
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpened(false);
          }}
          aria-label={`${user.empFirstName} ${user.empLastName}: availability and settings`}
          aria-expanded={opened}
        >
          <Avatar color="gray" radius="xl">
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown {...hover} onFocus={open} onBlur={close} aria-label="Availability panel">
        <Stack gap="xs">
          <Text fw={600}>{`${user.empFirstName} ${user.empLastName}`}</Text>
          <Anchor component={Link} to="/settings" onClick={() => setOpened(false)}>
            Settings
          </Anchor>
          {config ? (
            <Anchor href={config.timeClockUrl} target="_blank" rel="noopener noreferrer">
              Time Clock
            </Anchor>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
