import { Anchor, Breadcrumbs, Group, Loader, Text, UnstyledButton } from "@mantine/core";
import type { RouteDef } from "@office/core";
import { Link } from "react-router";
import { type Crumb, LOADING_CRUMB } from "../services/breadcrumb-context";
import { CopyButton, copyToClipboard } from "../widgets/CopyButton";
import { RouteIcon } from "./icons";

function Level2({ crumb }: { crumb: Crumb }) {
  const { level2, target, clipboard } = crumb;
  if (level2 === LOADING_CRUMB) return <Loader size="xs" type="dots" role="status" aria-label="Loading" />;
  const onClick = clipboard ? () => void copyToClipboard(clipboard) : undefined;
  if (target) {
    return (
      <Anchor component={Link} to={target} onClick={onClick}>
        {level2}
      </Anchor>
    );
  }
  if (onClick) {
    return (
      <UnstyledButton onClick={onClick} title={`Copy ${clipboard}`} fz="sm" c="blue">
        {level2}
      </UnstyledButton>
    );
  }
  return <Text size="sm">{level2}</Text>;
}

/** The breadcrumb bar: level 1 with its icon, an optional level 2, optional text on the right. */
export function Breadcrumb({ route, crumb }: { route: RouteDef; crumb: Crumb | null }) {
  return (
    <Group
      component="nav"
      aria-label="Breadcrumb"
      justify="space-between"
      px="md"
      py={6}
      bg="var(--mantine-color-default-hover)"
    >
      <Breadcrumbs separator="›">
        <Group gap={6} wrap="nowrap">
          <RouteIcon name={route.icon} />
          <Text size="sm" fw={600} aria-current={crumb?.level2 ? undefined : "page"}>
            {route.title}
          </Text>
        </Group>
        {crumb?.level2 ? (
          <Group gap={4} wrap="nowrap">
            <Level2 crumb={crumb} />
            {crumb.clipboard && !crumb.target ? (
              <CopyButton value={crumb.clipboard} label={`Copy ${route.title.toLowerCase()} id`} />
            ) : null}
          </Group>
        ) : null}
      </Breadcrumbs>
      {crumb?.extra ? <Text size="sm">{crumb.extra}</Text> : null}
    </Group>
  );
}
