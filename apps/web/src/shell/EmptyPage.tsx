import { Text, Title } from "@mantine/core";
import { findRoute } from "@office/core";
import { useLocation } from "react-router";
import { PageFrame } from "../widgets/PageFrame";

/** The content of a route whose area is not built yet: it says so, rather than show a blank page. */
export function EmptyPage() {
  const title = findRoute(useLocation().pathname)?.title ?? "This page";
  return (
    <PageFrame gap="xs" reading>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{title} is not built yet: it comes with a later release of Office.</Text>
    </PageFrame>
  );
}
