import { Group, Title } from "@mantine/core";
import { findRoute } from "@office/core";
import type { ReactNode } from "react";

/**
 * A page's heading: its route's title as the page's one h1 (the breadcrumb names it too, but a
 * screen reader's list of headings and axe's page-has-heading-one look for this), with the
 * page's main actions at its right.
 */
export function PageHeading({ path, children }: { path: string; children?: ReactNode }) {
  const title = findRoute(path)?.title ?? path;
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
