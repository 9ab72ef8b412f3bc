/**
 * An event's colour by its category, from Mantine's palette (so both schemes and the theme
 * follow): the same category always the same colour, an event without one the primary colour.
 * Shade 9 of the colours under which white text reaches WCAG AA's 4.5:1 (yellow, lime and
 * orange do not at any shade white text is read on); green's shade 9 is 4.36:1, so it is
 * darkened by a fifth (6.3:1).
 */
const PALETTE = [
  "var(--mantine-color-blue-9)",
  "var(--mantine-color-teal-9)",
  "var(--mantine-color-grape-9)",
  "var(--mantine-color-cyan-9)",
  "var(--mantine-color-pink-9)",
  "var(--mantine-color-indigo-9)",
  "var(--mantine-color-violet-9)",
  "color-mix(in srgb, var(--mantine-color-green-9) 80%, black)",
  "var(--mantine-color-red-9)",
];

export function categoryColour(category: number | null): string {
  if (category === null) return "var(--mantine-primary-color-filled)";
  return PALETTE[category % PALETTE.length] as string;
}
