import { ActionIcon, Anchor, Burger, Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { can, type Layout, PAGES, type PermissionRow, type SignedInUser } from "@office/core";
import { IconClock, IconLogout, IconNotes, IconSettings } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { NetworkStatus } from "./NetworkStatus";
import { ProjectSearch } from "./ProjectSearch";
import { QuickLaunch } from "./QuickLaunch";
import { appConfigQuery } from "./session";
import { UserAvatar } from "./UserAvatar";

function Logo() {
  return (
    <Anchor component={Link} to="/" aria-label="Office home" underline="never" fw={800} fz="lg" c="blue.8">
      Office
    </Anchor>
  );
}

function TimeClockLink() {
  const { data: config } = useQuery(appConfigQuery);
  if (!config) return null;
  return (
    <Button
      component="a"
      href={config.timeClockUrl}
      target="_blank"
      rel="noopener noreferrer"
      variant="subtle"
      size="sm"
      leftSection={<IconClock size={16} aria-hidden="true" />}
    >
      Time Clock
    </Button>
  );
}

function ProjectNotesButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="outline" size="sm" leftSection={<IconNotes size={16} aria-hidden="true" />} onClick={open}>
        Project Notes
      </Button>
      <Modal opened={opened} onClose={close} title="Project Notes" size="lg" />
    </>
  );
}

interface HeaderProps {
  layout: Layout;
  user: SignedInUser | undefined;
  permissions: readonly PermissionRow[];
  menuOpened: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
}

/** The top header (spec 2.2), in the desktop or the mobile arrangement. */
export function Header({ layout, user, permissions, menuOpened, onToggleMenu, onLogout }: HeaderProps) {
  const avatar = user ? <UserAvatar user={user} /> : null;
  if (layout === "mobile") {
    return (
      <Group component="header" justify="space-between" px="sm" py={6} wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            aria-label="Menu"
            aria-expanded={menuOpened}
            aria-controls="mobile-menu"
            size="sm"
          />
          <Logo />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <NetworkStatus />
          {avatar}
        </Group>
      </Group>
    );
  }
  return (
    <Group component="header" justify="space-between" px="md" py={8} wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Logo />
        <ProjectSearch />
        <QuickLaunch />
        {can(permissions, PAGES.notes, "add") ? <ProjectNotesButton /> : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <NetworkStatus />
        <ActionIcon component={Link} to="/settings" variant="subtle" size="lg" aria-label="Settings">
          <IconSettings size={20} aria-hidden="true" />
        </ActionIcon>
        <TimeClockLink />
        {user ? <Text size="sm" fw={500}>{`${user.empFirstName} ${user.empLastName}`}</Text> : null}
        {avatar}
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={onLogout}
        >
          Log out
        </Button>
      </Group>
    </Group>
  );
}
