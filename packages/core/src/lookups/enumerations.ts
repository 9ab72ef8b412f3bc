import { formatMinutes } from "../formats.js";

/**
 * The enumerations of docs/product-rules.md#lookup-lists, each an ordered list of stored value
 * and label. Forms offer them in this order; tables print a stored value through `lookupLabel`.
 */
export interface LookupOption<V extends number | string = number> {
  value: V;
  label: string;
  /** What the value means at a glance, where it is a status (its pill's colour). */
  tone?: Tone;
}

/**
 * A status's meaning, which its pill's colour shows (docs/decisions.md#status-tones): in force
 * or done (positive), under way (progress), waiting on someone (caution), refused (negative),
 * no longer in play (neutral).
 */
export type Tone = "positive" | "progress" | "caution" | "negative" | "neutral";

const options = <const V extends number>(...pairs: readonly (readonly [V, string])[]) =>
  pairs.map(([value, label]) => ({ value, label })) as readonly LookupOption<V>[];

/**
 * An enumeration with names: its options in order (forms, tables) and each value's code by
 * name, so code and SQL say `APPROVAL.code.approved`, never a bare 1.
 */
const enumeration = <const E extends Record<string, readonly [number, string] | readonly [number, string, Tone]>>(
  entries: E,
) => ({
  options: Object.values(entries).map(([value, label, tone]) => ({
    value,
    label,
    ...(tone ? { tone } : {}),
  })) as readonly LookupOption<E[keyof E][0]>[],
  code: Object.fromEntries(Object.entries(entries).map(([name, [value]]) => [name, value])) as {
    readonly [K in keyof E]: E[K][0];
  },
});

/** Vendors, shipping companies and employees. */
export const ACTIVE = enumeration({ active: [1, "Active", "positive"], inactive: [0, "Inactive", "neutral"] });
export const ACTIVE_INACTIVE = ACTIVE.options;
export const CLIENT_STATUS = enumeration({
  active: [2, "Active", "positive"],
  inactive: [3, "Inactive", "neutral"],
  prospect: [1, "Prospect", "progress"],
});
export const CLIENT_STATUSES = CLIENT_STATUS.options;
export const VENDOR_BUSINESS_TYPES = options([1, "Inc"], [2, "1099"]);
export const VENDOR_PREFERRED_QUOTES = options([1, "Fax"], [2, "E-Mail"], [3, "Phone"]);
export const EMPLOYEE_TYPE = enumeration({
  fullTime: [1, "Full Time"],
  partTime: [2, "Part Time"],
  subcontractor: [3, "Subcontractor"],
  intern: [4, "Intern"],
});
export const EMPLOYEE_TYPES = EMPLOYEE_TYPE.options;
export const DELIVERY_TYPE = enumeration({
  ground: [1, "Ground"],
  twoDay: [2, "2 Day"],
  threeDay: [3, "3 Day"],
  nextDay: [4, "Next Day"],
  nextDayEarly: [5, "Next Day Early AM"],
  other: [6, "Other"],
});
export const DELIVERY_TYPES = DELIVERY_TYPE.options;
export const VISIBILITY = enumeration({ attendees: [1, "Attendees"], everybody: [2, "Everybody"] });
export const VISIBLE_FOR = VISIBILITY.options;
/** Which events of a recurring series an edit changes (the calendar's). */
export const EDIT_SCOPE = enumeration({
  thisEvent: [1, "This event"],
  thisAndFollowing: [2, "This and following events"],
  allEvents: [3, "All events"],
});
export const RECURRING_EDIT_SCOPES = EDIT_SCOPE.options;
export const RECURRENCE = enumeration({
  once: [1, "Once"],
  daily: [2, "Daily"],
  weekly: [3, "Weekly"],
  monthly: [4, "Monthly"],
});
export const RECURRENCES = RECURRENCE.options;
export const HYPERLINK_TARGET = enumeration({ newTab: [0, "New Tab"], currentTab: [1, "Current Tab"] });
export const HYPERLINK_TARGETS = HYPERLINK_TARGET.options;
/** A company card: usable, frozen for a while (lost, under review), or closed for good. */
export const CARD_STATUS = enumeration({
  active: [1, "Active", "positive"],
  frozen: [2, "Frozen", "caution"],
  closed: [0, "Closed", "neutral"],
});
export const CARD_STATUSES = CARD_STATUS.options;
/** Credit card permission statuses (numeric 0, 1 and 2), and a portal order's approval. */
export const APPROVAL = enumeration({
  pending: [0, "Pending", "caution"],
  approved: [1, "Approved", "positive"],
  denied: [2, "Denied", "negative"],
});
export const APPROVAL_STATUSES = APPROVAL.options;

/** The Charged Time choices of a time note, in minutes, shown as h:mm. */
export const PROJECT_TIME_CHOICES: readonly LookupOption[] = [
  1,
  3,
  5,
  10,
  15,
  20,
  25,
  30,
  45,
  ...Array.from({ length: (750 - 60) / 15 + 1 }, (_, i) => 60 + i * 15),
].map((minutes) => ({ value: minutes, label: formatMinutes(minutes).replace(/^0(?=\d:)/, "") }));

/** The label of a stored value, or the value itself when the list does not know it. */
export function lookupLabel(
  list: readonly LookupOption<number | string>[],
  value: number | string | null | undefined,
): string {
  if (value === null || value === undefined) return "";
  return list.find((option) => option.value === value)?.label ?? String(value);
}
