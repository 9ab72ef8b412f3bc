import { Stack } from "@mantine/core";
import type { ComponentPropsWithoutRef } from "react";

/** The reading width: a page of text or a short form (the inbox, settings, the error pages). */
export const READING_WIDTH = 860;

/**
 * Every page's frame (docs/decisions.md#one-vocabulary): one padding, and one of two widths,
 * the window's for tables, records and Home's blocks, the reading width for text and short
 * forms, so the content does not move as one goes from page to page.
 */
export function PageFrame({
  reading = false,
  gap = "md",
  ...props
}: ComponentPropsWithoutRef<typeof Stack> & { reading?: boolean }) {
  return <Stack p="md" gap={gap} maw={reading ? READING_WIDTH : undefined} {...props} />;
}
