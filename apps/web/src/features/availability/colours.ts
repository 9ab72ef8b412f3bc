import type { AvailabilityColour } from "@office/core";

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

/** The light shade of a table's status cell; none for a neutral one. */
export const LIGHT_SHADE: Record<AvailabilityColour, string | undefined> = {
  green: "var(--mantine-color-green-1)",
  yellow: "var(--mantine-color-yellow-1)",
  red: "var(--mantine-color-red-1)",
  neutral: undefined,
};
