/** A wall-clock time's hour and minute, as FullCalendar hands them to a formatter. */
interface Clock {
  hour: number;
  minute: number;
}

const hourOf = ({ hour, minute }: Clock) => `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""}`;
const meridiem = ({ hour }: Clock) => (hour < 12 ? "am" : "pm");

/**
 * An event's time as a calendar shows it beside its title, the way Google Calendar writes it:
 * "9am", "9 – 9:30am", "11:30am – 1pm". Written here rather than by Intl: a busy week's agenda
 * holds hundreds, and FullCalendar's Intl formatting of each range was most of its drawing.
 */
export function eventTime({ start, end }: { start: Clock; end?: Clock | null }): string {
  if (!end) return `${hourOf(start)}${meridiem(start)}`;
  const shared = meridiem(start) === meridiem(end);
  return `${hourOf(start)}${shared ? "" : meridiem(start)} – ${hourOf(end)}${meridiem(end)}`;
}
