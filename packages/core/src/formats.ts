/**
 * The formats of docs/product-rules.md#forms, printing and parsing. Dates travel as text (ISO
 * "YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss", as the calls send them) and are formatted from their
 * parts, so no time zone of the machine that runs this can shift a day.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Whether year, month and day name a day of the calendar (no 02/30, no 13/01). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return day <= (days[month - 1] ?? 0);
}

// --- US phone: (nnn) nnn-nnnn -------------------------------------------------------------

/** "(555) 010-4477" from ten digits in any punctuation; null if there are not exactly ten. */
export function formatUsPhone(text: string): string | null {
  const digits = text.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length !== 10) return null;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

// --- Dates ---------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;
const ISO_DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function isoParts(text: string): DateParts | null {
  const m = ISO_DATE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? "0", m[5] ?? "0", m[6] ?? "0"].map(
    Number,
  ) as [number, number, number, number, number, number];
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second };
}

/**
 * The moment an ISO date or date-time's digits name, as a Date in UTC: its wall clock (the
 * company's time, as rows carry it), never moved by a zone; a day is its midnight. Null if the
 * text names no real day or time.
 */
export function wallClockDate(iso: string): Date | null {
  const p = isoParts(iso);
  return p ? new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)) : null;
}

/** "11/22/2026" (US date, MM/DD/YYYY) from an ISO date or date-time; null if it is not one. */
export function formatUsDate(iso: string): string | null {
  const p = isoParts(iso);
  return p ? `${pad(p.month)}/${pad(p.day)}/${p.year}` : null;
}

/** The ISO date "2026-11-22" of a strict US date "11/22/2026"; null if it is not a real date. */
export function parseUsDate(text: string): string | null {
  const m = US_DATE.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDate(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** The ISO date (YYYY-MM-DD) of a date-time text or of a Date, read in UTC. */
export function isoDate(value: string | Date): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  const p = isoParts(value);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)}` : null;
}

/**
 * "11/22/2026 01:30 pm" (datetime with hh:mm am/pm) from an ISO date-time text, as its digits
 * read (the data service sends times with the company's wall clock in them); a date alone
 * ("2026-11-22") is a day, not its midnight, so it shows as the day.
 */
export function formatDateTime(iso: string): string | null {
  if (ISO_DATE_ONLY.test(iso.trim())) return formatUsDate(iso);
  const p = isoParts(iso);
  if (!p) return null;
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(p.month)}/${pad(p.day)}/${p.year} ${pad(hour12)}:${pad(p.minute)} ${p.hour < 12 ? "am" : "pm"}`;
}

// --- 12-hour time --------------------------------------------------------------------------

const TIME_12H = /^(0?[1-9]|1[0-2]):([0-5]\d)\s?([AaPp][Mm])$/;

/** Minutes after midnight of a 12-hour time "hh:mm AM" (or "h:mm pm"); null if not one. */
export function parseTime12h(text: string): number | null {
  const m = TIME_12H.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]) % 12;
  const pm = (m[3] ?? "").toUpperCase() === "PM";
  return (hour + (pm ? 12 : 0)) * 60 + Number(m[2]);
}

/** "01:30 PM" from minutes after midnight. */
export function formatTime12h(minutesOfDay: number): string {
  const hour = Math.floor(minutesOfDay / 60) % 24;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${pad(hour12)}:${pad(minutesOfDay % 60)} ${hour < 12 ? "AM" : "PM"}`;
}

// --- Pipe lists: |a|b| ---------------------------------------------------------------------

/** "|Ground|Next Day|" from its items; an empty list is "". Items may not hold a pipe. */
export function formatPipeList(items: readonly string[]): string {
  const kept = items.map((item) => item.trim()).filter(Boolean);
  if (kept.some((item) => item.includes("|"))) throw new Error("a pipe-list item cannot contain |");
  return kept.length ? `|${kept.join("|")}|` : "";
}

/** The items of "|a|b|" (also without the outer pipes); empties dropped. */
export function parsePipeList(text: string | null | undefined): string[] {
  return (text ?? "")
    .split("|")
    .map((item) => item.trim())
    .filter(Boolean);
}

// --- Money: $1,234.50 ----------------------------------------------------------------------

const AMOUNT_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * "$1,234.50", "-$12.00": dollars with 2 decimals and thousands separators. An amount as the
 * calls send it ("1234.5", any size) is printed from its digits, never through a double; no
 * amount (null) prints nothing.
 */
export function formatMoney(amount: number | string | null): string {
  if (amount === null) return "";
  if (typeof amount === "string") {
    const m = AMOUNT_TEXT.exec(amount.trim());
    if (!m?.[2]) return amount === "" ? "" : formatMoney(Number(amount));
    const dollars = BigInt(m[2]);
    const cents = (m[3] ?? "").padEnd(2, "0");
    const zero = dollars === 0n && cents === "00";
    return `${m[1] && !zero ? "-" : ""}$${dollars.toLocaleString("en-US")}.${cents}`;
  }
  if (!Number.isFinite(amount)) return "";
  const cents = Math.round(Math.abs(amount) * 100);
  const dollars = Math.floor(cents / 100).toLocaleString("en-US");
  return `${amount < 0 && cents > 0 ? "-" : ""}$${dollars}.${pad(cents % 100)}`;
}

/** The amount of "$1,234.50", "1234.5" or "-$3"; null if it is not money. */
export function parseMoney(text: string): number | null {
  const m = /^(-)?\$?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?)$/.exec(text.trim().replace(/^\$-/, "-$"));
  if (!m?.[2]) return null;
  const value = Number(m[2].replaceAll(",", ""));
  return m[1] ? -value : value;
}

// --- Minutes as HH:mm ----------------------------------------------------------------------

/** "01:15" for 75 minutes; hours grow past 24 ("26:00") for a week's total. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** Minutes of "HH:mm" or "H:mm"; null if not one. */
export function parseMinutes(text: string): number | null {
  const m = /^(\d{1,4}):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The ISO date n days after an ISO date (n may be negative). */
export function addDays(iso: string, n: number): string {
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number) as [number, number, number];
  return isoDate(new Date(Date.UTC(year, month - 1, day + n))) ?? iso;
}

// --- how long ago --------------------------------------------------------------------------

/**
 * How long ago a moment was, as a queue says it: "just now", "5 min ago", "2 h ago", "3 d ago",
 * and past four weeks its day ("on 03/04/2026"). A moment ahead of `now` (a clock a little
 * fast) is "just now". Null for a text that is no moment.
 */
export function timeAgo(iso: string, now: Date): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const minutes = Math.floor((now.getTime() - at) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 28) return `${days} d ago`;
  const day = formatUsDate(iso.slice(0, 10));
  return day ? `on ${day}` : null;
}

/** A noun with its indefinite article, as generated texts say it: "a client", "an employee". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

/** A count with its noun, singular for one: "1 change", "3 changes". */
export const counted = (count: number, noun: string) =>
  `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
