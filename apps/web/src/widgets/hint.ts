import classes from "./hint.module.css";

/** Set on the document while Escape has put the hints away (WCAG 1.4.13: content on hover is dismissable). */
const HINTS_DISMISSED = "data-hints-dismissed";
let listening = false;

/**
 * Escape hides the hint shown, for as long as the pointer and the focus stay on its element
 * (moving within it keeps it hidden); the next element they reach shows its own.
 */
function listenForEscape() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  const root = document.documentElement;
  let reachedLast: Element | null = null;
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") root.setAttribute(HINTS_DISMISSED, "");
  });
  const reached = (event: Event) => {
    const element = event.target instanceof Element ? event.target.closest("[data-hint]") : null;
    if (element === reachedLast) return;
    reachedLast = element;
    root.removeAttribute(HINTS_DISMISSED);
  };
  document.addEventListener("pointerover", reached);
  document.addEventListener("focusin", reached);
}

/**
 * Props that show `label` above an element on hover and on keyboard focus, as Mantine's Tooltip
 * does, in CSS alone: Tooltip's code cost Home's JavaScript 2.5 KB gzipped for a row of day
 * cells (bench/RESULTS.md). It neither flips nor shifts, so an element near an edge aligns its
 * hint with that edge (`start`, `end`), and a long hint wraps. The element keeps its own
 * accessible name (aria-label): the hint is for the eye, and out of the page until shown.
 */
export function hint(label: string, align: "start" | "center" | "end" = "center") {
  listenForEscape();
  return { className: classes.hint, "data-hint": label, "data-align": align };
}
