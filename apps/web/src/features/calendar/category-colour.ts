/**
 * An event's colour by its category, from Mantine's palette (so both schemes and the theme
 * follow): the same category always the same colour, an event without one the primary colour.
 */
const PALETTE = [
  "blue",
  "teal",
  "grape",
  "orange",
  "cyan",
  "pink",
  "lime",
  "indigo",
  "violet",
  "yellow",
  "green",
  "red",
];

export function categoryColour(category: number | null): string {
  if (category === null) return "var(--mantine-primary-color-filled)";
  return `var(--mantine-color-${PALETTE[category % PALETTE.length]}-filled)`;
}
