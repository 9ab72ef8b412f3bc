/**
 * An event's colour by its category, from Mantine's palette (so both schemes and the theme
 * follow): the same category always the same colour, an event without one the primary colour.
 * Shade 9 of the colours under which white text reaches WCAG AA's 4.5:1 (yellow, lime and
 * orange do not at any shade white text is read on).
 */
const PALETTE = ["blue", "teal", "grape", "cyan", "pink", "indigo", "violet", "green", "red"];

export function categoryColour(category: number | null): string {
  if (category === null) return "var(--mantine-primary-color-filled)";
  return `var(--mantine-color-${PALETTE[category % PALETTE.length]}-9)`;
}
