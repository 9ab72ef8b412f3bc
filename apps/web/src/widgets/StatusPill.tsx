import { Badge, type BadgeProps } from "@mantine/core";
import type { Tone } from "@office/core";

/**
 * Each tone's colour (docs/decisions.md#status-tones): shades whose text, white or black by
 * Mantine's auto contrast, reads at 4.5:1 in both schemes.
 */
export const TONE_COLORS: Record<Tone, string> = {
  positive: "teal.9",
  progress: "blue.8",
  caution: "yellow.4",
  negative: "red.8",
  neutral: "gray.7",
};

/** A pill's words are never cut ("Out for de…"): a table's column is as wide as its widest status. */
const WHOLE_WORDS = { label: { overflow: "visible", textOverflow: "clip" } } as const;

/** A status in words, coloured by what it means: the same pill in a list, a card and a record's heading. */
export function StatusPill({ tone, children, ...props }: { tone: Tone | undefined; children: string } & BadgeProps) {
  return (
    <Badge
      color={TONE_COLORS[tone ?? "neutral"]}
      autoContrast
      radius="sm"
      style={{ textTransform: "none" }}
      styles={WHOLE_WORDS}
      {...props}
    >
      {children}
    </Badge>
  );
}
