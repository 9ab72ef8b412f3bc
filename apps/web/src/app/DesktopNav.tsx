import { Button, Group, Menu } from "@mantine/core";
import { type MenuNode, menuHolds } from "@office/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { Link } from "react-router";
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
 * The desktop menu bar (spec 2.4): leaves and dropdowns nested up to three levels; the top
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
          <Menu key={node.label} trigger="click-hover" openDelay={80} closeDelay={150} position="bottom-start">
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
          </Menu>
        );
      })}
    </Group>
  );
}
