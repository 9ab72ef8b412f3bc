import { Badge, Button, NavLink, Stack } from "@mantine/core";
import { type MenuNode, menuHolds } from "@office/core";
import { IconInbox, IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { RouteIcon } from "./icons";
import { ProjectSearch } from "./ProjectSearch";
import { QuickLaunch } from "./QuickLaunch";

function Entries({ nodes, path, onGo }: { nodes: MenuNode[]; path: string; onGo: () => void }) {
  return nodes.map((node) =>
    node.kind === "item" ? (
      <NavLink
        key={node.route.path}
        component={Link}
        to={node.route.path}
        label={node.label}
        disabled={node.route.disabled}
        active={node.route.path === path}
        variant="filled"
        leftSection={<RouteIcon name={node.route.icon} size={16} />}
        onClick={onGo}
      />
    ) : (
      <EntryGroup key={node.label} node={node} path={path} onGo={onGo} />
    ),
  );
}

/** A dropdown of the tree: a button that opens and closes its items, open at first if it holds the page. */
function EntryGroup({
  node,
  path,
  onGo,
}: {
  node: Extract<MenuNode, { kind: "menu" }>;
  path: string;
  onGo: () => void;
}) {
  const [opened, setOpened] = useState(() => menuHolds(node, path));
  return (
    <NavLink component="button" label={node.label} opened={opened} onChange={setOpened} aria-expanded={opened}>
      <Entries nodes={node.children} path={path} onGo={onGo} />
    </NavLink>
  );
}

interface MobileNavProps {
  opened: boolean;
  tree: MenuNode[];
  path: string;
  pendingApprovals: number | undefined;
  onGo: () => void;
  onLogout: () => void;
}

/** The mobile menu (spec 2.5): the same tree, project search, Quick Launch, the inbox count, Log out. */
export function MobileNav({ opened, tree, path, pendingApprovals, onGo, onLogout }: MobileNavProps) {
  // Rendered only while open, so a closed menu is out of the page for keyboard and screen reader.
  if (!opened) return null;
  return (
    <Stack component="nav" aria-label="Main menu" id="mobile-menu" gap={4} p="sm" bg="gray.0">
      <ProjectSearch width="100%" />
      <QuickLaunch />
      <Entries nodes={tree} path={path} onGo={onGo} />
      <NavLink
        component={Link}
        to="/inbox"
        label="Inbox"
        leftSection={<IconInbox size={16} aria-hidden="true" />}
        rightSection={
          pendingApprovals ? (
            <Badge size="sm" color="red" aria-label={`${pendingApprovals} pending approvals`}>
              {pendingApprovals}
            </Badge>
          ) : null
        }
        onClick={onGo}
      />
      <Button variant="default" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={onLogout}>
        Log out
      </Button>
    </Stack>
  );
}
