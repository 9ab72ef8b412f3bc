import type { CalendarOccurrence } from "@office/core";

/** The hours a week or a day shows: the working day, widened to every timed occurrence in it. */
export function hoursShown(occurrences: readonly CalendarOccurrence[]): { slotMinTime: string; slotMaxTime: string } {
  let [first, last] = [7, 19];
  for (const occurrence of occurrences) {
    if (occurrence.allDay) continue;
    // Times carry the company's offset: their digits are its clock.
    if (occurrence.end.slice(0, 10) !== occurrence.start.slice(0, 10)) [first, last] = [0, 24];
    const end = Number(occurrence.end.slice(11, 13)) + (occurrence.end.slice(14, 16) === "00" ? 0 : 1);
    first = Math.min(first, Number(occurrence.start.slice(11, 13)));
    last = Math.max(last, end);
  }
  const time = (hour: number) => `${String(hour).padStart(2, "0")}:00:00`;
  return { slotMinTime: time(first), slotMaxTime: time(last) };
}
