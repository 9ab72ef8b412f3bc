import { Button, Group, Menu } from "@mantine/core";
import { type MenuNode, menuHolds } from "@office/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { TruckButton } from "../features/shipping/TruckButton";
import { RouteIcon } from "./icons";

export function MenuEntries({ nodes }: { nodes: MenuNode[] }) {
  return nodes.map((node) =>
    node.kind === "item" ? (
      node.route.disabled ? (
        // A disabled route is shown greyed out and leads nowhere: a disabled item, no address.
        <Menu.Item key={node.route.path} disabled leftSection={<RouteIcon name={node.route.icon} size={16} />}>
          {node.label}
        </Menu.Item>
      ) : (
        <Menu.Item
          key={node.route.path}
          component={Link}
          to={node.route.path}
          leftSection={<RouteIcon name={node.route.icon} size={16} />}
        >
          {node.label}
        </Menu.Item>
      )
    ) : (
      <Menu.Sub key={node.label}>
        <Menu.Sub.Target>
          <Menu.Sub.Item rightSection={<IconChevronRight size={14} aria-hidden="true" />}>{node.label}</Menu.Sub.Item>
        </Menu.Sub.Target>
        <Menu.Sub.Dropdown>
          <MenuEntries nodes={node.children} />
        </Menu.Sub.Dropdown>
      </Menu.Sub>
    ),
  );
}

/**
 * A dropdown of the menu bar, opened by a click or by the pointer, and closed once a page is
 * chosen: the page changes under the pointer, which would otherwise hold it open.
 */
function NavMenu({ path, children }: { path: string; children: ReactNode }) {
  // Open on the page it was opened on only.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  return (
    <Menu
      opened={openedOn === path}
      onChange={(opened) => setOpenedOn(opened ? path : null)}
      trigger="click-hover"
      openDelay={80}
      closeDelay={150}
      position="bottom-start"
    >
      {children}
    </Menu>
  );
}

/**
 * The desktop menu bar: leaves and dropdowns nested up to three levels; the top
 * item that holds the current route (breadcrumb level 1) is marked active.
 */
export function DesktopNav({ tree, path }: { tree: MenuNode[]; path: string }) {
  return (
    <Group component="nav" aria-label="Main menu" gap={2} px="sm" py={4} bg="blue.8">
      {tree.map((node) => {
        const active = menuHolds(node, path);
        const look = { variant: active ? "white" : "subtle", color: active ? "blue" : "gray.0", size: "sm" } as const;
        if (node.kind === "item") {
          return (
            <Button
              key={node.route.path}
              component={Link}
              to={node.route.path}
              {...look}
              data-active={active || undefined}
              aria-current={active ? "page" : undefined}
            >
              {node.label}
            </Button>
          );
        }
        return (
          <NavMenu key={node.label} path={path}>
            <Menu.Target>
              <Button
                {...look}
                rightSection={<IconChevronDown size={14} aria-hidden="true" />}
                data-active={active || undefined}
              >
                {node.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <MenuEntries nodes={node.children} />
            </Menu.Dropdown>
          </NavMenu>
        );
      })}
      <Group ml="auto" gap={2}>
        <TruckButton />
      </Group>
    </Group>
  );
}
