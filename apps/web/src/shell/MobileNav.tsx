import { Badge, Button, NavLink, Stack } from "@mantine/core";
import { type MenuNode, menuHolds } from "@office/core";
import { IconInbox, IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { TruckButton } from "../features/shipping/TruckButton";
import { pendingApprovalsLabel } from "../services/session";
import { DeferredProjectSearch, useMayOpenProjects } from "./DeferredProjectSearch";
import { RouteIcon } from "./icons";
import { PaletteButton } from "./PaletteButton";
import { QuickLaunch } from "./QuickLaunch";

function Entries({ nodes, path, onGo }: { nodes: MenuNode[]; path: string; onGo: () => void }) {
  return nodes.map((node) => {
    if (node.kind === "menu") return <EntryGroup key={node.label} node={node} path={path} onGo={onGo} />;
    const look = {
      label: node.label,
      leftSection: <RouteIcon name={node.route.icon} size={16} />,
    };
    // A disabled route is shown greyed out and leads nowhere: no address, announced as disabled.
    if (node.route.disabled) {
      return <NavLink key={node.route.path} component="button" type="button" {...look} disabled aria-disabled="true" />;
    }
    return (
      <NavLink
        key={node.route.path}
        component={Link}
        to={node.route.path}
        {...look}
        active={node.route.path === path}
        variant="filled"
        onClick={onGo}
      />
    );
  });
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

/** The mobile menu: the same tree, project search, Quick Launch, the inbox count, the truck (spec 2.5), Log out. */
export function MobileNav({ opened, tree, path, pendingApprovals, onGo, onLogout }: MobileNavProps) {
  const mayOpenProjects = useMayOpenProjects();
  // Rendered only while open, so a closed menu is out of the page for keyboard and screen reader.
  if (!opened) return null;
  return (
    <Stack component="nav" aria-label="Main menu" id="mobile-menu" gap={4} p="sm" bg="gray.0">
      <PaletteButton wide />
      {mayOpenProjects ? (
        <>
          <DeferredProjectSearch width="100%" />
          <QuickLaunch />
        </>
      ) : null}
      <Entries nodes={tree} path={path} onGo={onGo} />
      <NavLink
        component={Link}
        to="/inbox"
        label="Inbox"
        aria-label={pendingApprovals === undefined ? "Inbox" : `Inbox: ${pendingApprovalsLabel(pendingApprovals)}`}
        active={path === "/inbox"}
        variant="filled"
        leftSection={<IconInbox size={16} aria-hidden="true" />}
        rightSection={
          pendingApprovals === undefined ? null : (
            <Badge size="sm" color={pendingApprovals ? "red" : "gray"} aria-hidden="true">
              {pendingApprovals}
            </Badge>
          )
        }
        onClick={onGo}
      />
      <TruckButton wide />
      <Button variant="default" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={onLogout}>
        Log out
      </Button>
    </Stack>
  );
}
