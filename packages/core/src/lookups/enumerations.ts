import { formatMinutes } from "../formats.js";

/**
 * The enumerations of docs/product-rules.md#lookup-lists, each an ordered list of stored value
 * and label. Forms offer them in this order; tables print a stored value through `lookupLabel`.
 */
export interface LookupOption<V extends number | string = number> {
  value: V;
  label: string;
}

const options = <const V extends number>(...pairs: readonly (readonly [V, string])[]) =>
  pairs.map(([value, label]) => ({ value, label })) as readonly LookupOption<V>[];

/** Vendors, shipping companies and employees. */
export const ACTIVE_INACTIVE = options([1, "Active"], [0, "Inactive"]);
export const CLIENT_STATUSES = options([2, "Active"], [3, "Inactive"], [1, "Prospect"]);
export const VENDOR_BUSINESS_TYPES = options([1, "Inc"], [2, "1099"]);
export const VENDOR_PREFERRED_QUOTES = options([1, "Fax"], [2, "E-Mail"], [3, "Phone"]);
export const EMPLOYEE_TYPES = options([1, "Full Time"], [2, "Part Time"], [3, "Subcontractor"], [4, "Intern"]);
export const DELIVERY_TYPES = options(
  [1, "Ground"],
  [2, "2 Day"],
  [3, "3 Day"],
  [4, "Next Day"],
  [5, "Next Day Early AM"],
  [6, "Other"],
);
export const VISIBLE_FOR = options([1, "Attendees"], [2, "Everybody"]);
export const RECURRING_EDIT_SCOPES = options([1, "This event"], [2, "This and following events"], [3, "All events"]);
export const RECURRENCES = options([1, "Once"], [2, "Daily"], [3, "Weekly"], [4, "Monthly"]);
export const HYPERLINK_TARGETS = options([0, "New Tab"], [1, "Current Tab"]);
/** A company card: usable, frozen for a while (lost, under review), or closed for good. */
export const CARD_STATUSES = options([1, "Active"], [2, "Frozen"], [0, "Closed"]);
/** Credit card permission statuses: numeric 0, 1 and 2. */
export const APPROVAL_STATUSES = options([0, "Pending"], [1, "Approved"], [2, "Denied"]);

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
