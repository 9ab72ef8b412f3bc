import classes from "./hint.module.css";

/**
 * Props that show `label` above an element on hover and on keyboard focus, as Mantine's Tooltip
 * does, in CSS alone: Tooltip's code cost Home's JavaScript 2.5 KB gzipped for a row of day
 * cells (bench/RESULTS.md). It neither flips nor shifts, so an element near an edge aligns its
 * hint with that edge (`start`, `end`), and a long hint wraps. The element keeps its own
 * accessible name (aria-label): the hint is for the eye, and out of the page until shown.
 */
export function hint(label: string, align: "start" | "center" | "end" = "center") {
  return { className: classes.hint, "data-hint": label, "data-align": align };
}
