import type { AvailabilityColour } from "@office/core";
import type { CSSProperties } from "react";

/**
 * A status colour as Mantine names it: In green, Break yellow, Out red, anything else grey.
 * Shade 6 under black text: white text on any of Mantine's greens or reds falls short of WCAG
 * AA contrast (4.5:1), black on shade 6 of each passes.
 */
export const MANTINE_COLOUR: Record<AvailabilityColour, string> = {
  green: "green.6",
  yellow: "yellow.6",
  red: "red.6",
  neutral: "gray.4",
};

/** The text on a status colour. */
export const ON_STATUS_COLOUR = "var(--mantine-color-black)";

/** A shade 1 cell under black text: the dark scheme's light text on it would be unreadable (1.4:1). */
const lightCell = (shade: string) => ({ background: `var(--mantine-color-${shade}-1)`, color: ON_STATUS_COLOUR });

/** A table's status cell in the status's light shade; none for a neutral one. */
export const STATUS_CELL: Record<AvailabilityColour, CSSProperties | undefined> = {
  green: lightCell("green"),
  yellow: lightCell("yellow"),
  red: lightCell("red"),
  neutral: undefined,
};
