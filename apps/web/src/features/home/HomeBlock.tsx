import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";

interface BlockRead {
  data: unknown;
  isError: boolean;
  refetch: () => unknown;
}

interface HomeBlockProps {
  title: string;
  /**
   * What its loading and failure say it reads ("Could not load today's events."), where its title
   * would not read well there; its title in lower case otherwise.
   */
  subject?: string;
  /** A link to where the block's subject lives in full (the inbox, all release notes). */
  more?: { to: string; label: string };
  /**
   * The reads the block shows (react-query's): it is loading until each has an answer, failed
   * (with Try again, which reads the failed ones again) when any read failed, and here otherwise.
   */
  reads: readonly BlockRead[];
  /** Shown instead of the content when the answer holds nothing. */
  empty?: ReactNode;
  children?: ReactNode;
}

/**
 * One block of Home: a titled section whose answer is its own, so a slow or failed read leaves
 * the other blocks alone; each says whether it is loading, failed or empty in its own words.
 */
export function HomeBlock({ title, subject = title.toLowerCase(), more, reads, empty, children }: HomeBlockProps) {
  const titleId = useId();
  const failed = reads.filter((read) => read.isError);
  const state = failed.length > 0 ? "error" : reads.some((read) => read.data === undefined) ? "loading" : "ready";
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {more ? (
            <Anchor component={Link} to={more.to} size="sm">
              {more.label}
            </Anchor>
          ) : null}
        </Group>
        {state === "loading" ? (
          // A status, not a bare div: a name on a generic element is prohibited ARIA (axe).
          <Stack gap={8} role="status" aria-busy="true" aria-label={`Loading ${subject}`}>
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
            <Skeleton height={14} width="60%" />
          </Stack>
        ) : state === "error" ? (
          <Group gap="sm">
            <Text size="sm" role="alert">
              Could not load {subject}.
            </Text>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => {
                for (const read of failed) void read.refetch();
              }}
            >
              Try again
            </Button>
          </Group>
        ) : (
          (empty ?? children)
        )}
      </Stack>
    </Paper>
  );
}
