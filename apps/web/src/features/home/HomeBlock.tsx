import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";

interface HomeBlockProps {
  title: string;
  /** A link to where the block's subject lives in full (the inbox, all release notes). */
  more?: { to: string; label: string };
  /** The block's answer: not here yet, failed (with a retry), or here. */
  state: "loading" | "error" | "ready";
  onRetry?: () => void;
  /** Shown instead of the content when the answer holds nothing. */
  empty?: ReactNode;
  children?: ReactNode;
}

/**
 * One block of Home: a titled section whose answer is its own, so a slow or failed read leaves
 * the other blocks alone; each says whether it is loading, failed or empty in its own words.
 */
export function HomeBlock({ title, more, state, onRetry, empty, children }: HomeBlockProps) {
  const titleId = useId();
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
          <Stack gap={8} aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
            <Skeleton height={14} width="60%" />
          </Stack>
        ) : state === "error" ? (
          <Group gap="sm">
            <Text size="sm" role="alert">
              Could not load {title.toLowerCase()}.
            </Text>
            {onRetry ? (
              <Button variant="default" size="compact-sm" onClick={onRetry}>
                Try again
              </Button>
            ) : null}
          </Group>
        ) : (
          (empty ?? children)
        )}
      </Stack>
    </Paper>
  );
}

/** A block's state from its read (react-query's), the same for every block. */
export function blockState(read: { isPending: boolean; isError: boolean }): HomeBlockProps["state"] {
  return read.isError ? "error" : read.isPending ? "loading" : "ready";
}
