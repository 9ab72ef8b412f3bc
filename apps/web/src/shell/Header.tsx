import { ActionIcon, Anchor, Burger, Button, Group, Indicator } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type Layout, type SignedInUser, tblProjectNotes, vwMyProjectNotes } from "@office/core";
import { IconClock, IconInbox, IconLogout, IconSettings } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { OwnStatus, UserAvatar } from "../features/availability/UserAvatar";
import { NotificationsBell, unreadLabel } from "../features/notifications/NotificationsBell";
import { unreadNotificationsQuery } from "../features/notifications/queries";
import { LoggedHours } from "../features/time-notes/LoggedHours";
import { ProjectNotesButton } from "../features/time-notes/ProjectNotesButton";
import { useAccess } from "../services/access";
import { appConfigQuery, pendingApprovalsLabel } from "../services/session";
import { DeferredProjectSearch, useMayOpenProjects } from "./DeferredProjectSearch";
import { NetworkStatus } from "./NetworkStatus";
import { PaletteButton } from "./PaletteButton";
import { QuickLaunch } from "./QuickLaunch";

function Logo() {
  return (
    <Anchor
      component={Link}
      to="/"
      aria-label="Office home"
      underline="never"
      fw={800}
      fz="lg"
      c="var(--mantine-color-anchor)"
    >
      Office
    </Anchor>
  );
}

function SettingsLink() {
  return (
    <ActionIcon component={Link} to="/settings" variant="subtle" size="lg" aria-label="Settings">
      <IconSettings size={20} aria-hidden="true" />
    </ActionIcon>
  );
}

/** The external time clock in a new tab; an icon alone in the compact (mobile) header. */
function TimeClockLink({ compact = false }: { compact?: boolean }) {
  const { data: config } = useQuery(appConfigQuery);
  if (!config) return null;
  const link = { component: "a", href: config.timeClockUrl, target: "_blank", rel: "noopener noreferrer" } as const;
  if (compact) {
    return (
      <ActionIcon {...link} variant="subtle" size="lg" aria-label="Time Clock">
        <IconClock size={20} aria-hidden="true" />
      </ActionIcon>
    );
  }
  return (
    <Button {...link} variant="subtle" size="sm" leftSection={<IconClock size={16} aria-hidden="true" />}>
      Time Clock
    </Button>
  );
}

/**
 * The inbox with its pending-approval count, in either header: a red dot with the number while
 * any wait. On a phone, whose header has no room for the bell, the inbox holds the
 * notifications too: a dot without a number says some are unread while no approval waits.
 */
function InboxLink({ count, unread }: { count: number | undefined; unread?: number }) {
  const parts = [count === undefined ? null : pendingApprovalsLabel(count), unread ? unreadLabel(unread) : null];
  const said = parts.filter(Boolean).join(", ");
  const label = said ? `Inbox: ${said}` : "Inbox";
  const onlyUnread = !count && Boolean(unread);
  return (
    <Indicator
      label={onlyUnread ? undefined : <span aria-hidden="true">{count}</span>}
      size={onlyUnread ? 10 : 16}
      color="red"
      disabled={!count && !unread}
      offset={onlyUnread ? 6 : 4}
    >
      <ActionIcon component={Link} to="/inbox" variant="subtle" size="lg" aria-label={label}>
        <IconInbox size={20} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}

const fullName = (user: SignedInUser) => `${user.empFirstName} ${user.empLastName}`;

interface HeaderProps {
  layout: Layout;
  user: SignedInUser | undefined;
  pendingApprovals: number | undefined;
  menuOpened: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
}

/** The top header (docs/product-rules.md#header), in the desktop or the (compact) mobile arrangement. */
export function Header({ layout, user, pendingApprovals, menuOpened, onToggleMenu, onLogout }: HeaderProps) {
  // Logging a note needs add on page 9; the hours are the user's own notes.
  const access = useAccess();
  const mayLogNotes = access.grant(tblProjectNotes.access.add, "add");
  const maySeeHours = access.mayView(vwMyProjectNotes);
  const mayOpenProjects = useMayOpenProjects();
  const roomy = useMediaQuery("(min-width: 1600px)", true);
  const { data: unread } = useQuery({ ...unreadNotificationsQuery, enabled: layout === "mobile" });
  if (layout === "mobile") {
    return (
      // One row on a phone (390 px): the name is the avatar's (its panel shows it), the network
      // status a dot, and the header's other links icons (docs/decisions.md#phones).
      <Group component="header" justify="space-between" px="xs" py={6} gap={4} wrap="nowrap">
        <Group gap={4} wrap="nowrap">
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
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <NetworkStatus compact />
          {mayLogNotes ? <ProjectNotesButton compact listens /> : null}
          {maySeeHours ? <LoggedHours compact /> : null}
          <InboxLink count={pendingApprovals} unread={unread} />
          <SettingsLink />
          <TimeClockLink compact />
          {user ? <UserAvatar user={user} sheet /> : null}
        </Group>
      </Group>
    );
  }
  return (
    <Group component="header" justify="space-between" px="md" py={8} wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Logo />
        {/* The search gives up width first, so the header fits a laptop's screen. */}
        {mayOpenProjects ? (
          <>
            <DeferredProjectSearch width="clamp(120px, 14vw, 280px)" />
            <QuickLaunch />
          </>
        ) : null}
        {mayLogNotes ? <ProjectNotesButton listens /> : null}
        {maySeeHours ? <LoggedHours /> : null}
        <PaletteButton />
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <NetworkStatus />
        <NotificationsBell />
        <InboxLink count={pendingApprovals} />
        <SettingsLink />
        {/* Its words where the header has room; its icon (named the same) where the project search needs the width. */}
        <TimeClockLink compact={!roomy} />
        {user ? <OwnStatus user={user} name={fullName(user)} /> : null}
        {user ? <UserAvatar user={user} /> : null}
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
