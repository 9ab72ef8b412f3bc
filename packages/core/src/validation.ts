import { parseTime12h, parseUsDate } from "./formats.js";

/**
 * The form rules and their messages (docs/product-rules.md#forms), shared by the web app's
 * forms and the server's checks of inserts and updates: the same rule gives the same message in
 * both places. A rule other than required passes an empty value (a field is checked only when
 * it holds something).
 */
export type RuleName =
  | "required"
  | "currency"
  | "currency_not_zero"
  | "tel"
  | "tel_ext"
  | "requireddaterange"
  | "daterangevalidformat"
  | "daterange"
  | "tracking_number"
  | "tracking_numbers"
  | "time"
  | "number"
  | "date"
  | "email"
  | "url";

export type RuleSpec = RuleName | { min: number } | { max: number };

/** A date range as forms hold it: US dates (MM/DD/YYYY), either end may be empty. */
export interface DateRange {
  start?: string | null;
  end?: string | null;
}

export const MESSAGES = {
  required: (field: string) => `${field} is required`,
  min: (field: string, n: number) => `${field} must have at least ${n} characters`,
  max: (field: string, n: number) => `${field} must have at most ${n} characters`,
  currency: (field: string) => `${field} is not \`currency\` format`,
  currencyNotZero: (field: string) => `${field} cannot be zero`,
  tel: (field: string) => `${field} is not \`tel\` format`,
  dateRangeFormat: (field: string) => `${field} is not \`date\` format`,
  dateRangeOrder: "start date must be less than end date",
  trackingNumber: "use space as separator",
  time: "Enter a valid time in the format HH:mm AM/PM",
  number: "Enter a valid number",
  date: (field: string) => `${field} is not \`Date\` format`,
  approvalCode: (field: string) => `${field} is not valid. Please re-enter the valid one.`,
  // Ours, worded like the format rules above (docs/decisions.md).
  email: (field: string) => `${field} is not \`email\` format`,
  url: (field: string) => `${field} is not \`url\` format`,
} as const;

const TEL = /^\(\d{3}\) \d{3}-\d{4}$/;
// tel_ext: the same number, optionally followed by an extension (" x123", " ext. 123").
const TEL_EXT = /^\(\d{3}\) \d{3}-\d{4}(?: ?(?:x|ext\.?) ?\d{1,6})?$/i;
const CURRENCY = /^\d+(?:\.\d{1,2})?$/;
const DIGITS = /^\d+$/;
// One address, no spaces, a dot in the domain: what a mail program would accept, not RFC 5322.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const URL_TEXT = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
/** The rules that are a pattern of the (trimmed) text, by name: the API document states them. */
export const RULE_PATTERNS = {
  tel: TEL,
  tel_ext: TEL_EXT,
  currency: CURRENCY,
  number: DIGITS,
  email: EMAIL,
  url: URL_TEXT,
};

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const isRange = (value: unknown): value is DateRange =>
  typeof value === "object" && value !== null && ("start" in value || "end" in value);

const text = (value: unknown) => (typeof value === "number" ? String(value) : typeof value === "string" ? value : null);

function rangeEnds(value: unknown): [string, string] {
  if (!isRange(value)) return ["", ""];
  return [(value.start ?? "").trim(), (value.end ?? "").trim()];
}

/** The message of one rule for a field's value, or null when it passes. */
export function checkRule(rule: RuleSpec, value: unknown, field: string): string | null {
  if (typeof rule === "object") {
    const s = text(value);
    if (s === null || s === "") return null;
    const length = [...s].length;
    if ("min" in rule) return length < rule.min ? MESSAGES.min(field, rule.min) : null;
    return length > rule.max ? MESSAGES.max(field, rule.max) : null;
  }
  if (rule === "required") {
    if (isRange(value)) return rangeEnds(value).some(Boolean) ? null : MESSAGES.required(field);
    return isEmpty(value) ? MESSAGES.required(field) : null;
  }
  if (rule === "requireddaterange") return rangeEnds(value).some(Boolean) ? null : MESSAGES.required(field);
  if (rule === "daterangevalidformat") {
    return rangeEnds(value).every((end) => end === "" || parseUsDate(end) !== null)
      ? null
      : MESSAGES.dateRangeFormat(field);
  }
  if (rule === "daterange") {
    const [start, end] = rangeEnds(value).map(parseUsDate);
    return start && end && start > end ? MESSAGES.dateRangeOrder : null;
  }
  if (isEmpty(value)) return null;
  const s = text(value);
  switch (rule) {
    case "currency":
      return s !== null && CURRENCY.test(s.trim()) ? null : MESSAGES.currency(field);
    case "currency_not_zero":
      return s !== null && Number(s) === 0 ? MESSAGES.currencyNotZero(field) : null;
    case "tel":
      return s !== null && TEL.test(s.trim()) ? null : MESSAGES.tel(field);
    case "tel_ext":
      return s !== null && TEL_EXT.test(s.trim()) ? null : MESSAGES.tel(field);
    case "tracking_number":
      return s?.includes(",") ? MESSAGES.trackingNumber : null;
    case "tracking_numbers":
      // The product's rule passes whatever it is given (docs/product-rules.md#forms); kept so
      // declarations can name it.
      return null;
    case "time":
      return s !== null && parseTime12h(s) !== null ? null : MESSAGES.time;
    case "number":
      return s !== null && DIGITS.test(s.trim()) ? null : MESSAGES.number;
    case "date":
      return s !== null && parseUsDate(s) !== null ? null : MESSAGES.date(field);
    case "email":
      return s !== null && EMAIL.test(s.trim()) ? null : MESSAGES.email(field);
    case "url":
      return s !== null && URL_TEXT.test(s.trim()) ? null : MESSAGES.url(field);
  }
}

/** The first failing rule's message for a field, or null. */
export function checkField(rules: readonly RuleSpec[], value: unknown, field: string): string | null {
  for (const rule of rules) {
    const message = checkRule(rule, value, field);
    if (message) return message;
  }
  return null;
}

/** A form's fields: the label the messages use and the rules, by field name. */
export type FormRules<K extends string = string> = Record<K, { label: string; rules: readonly RuleSpec[] }>;

/** Every field's first failing message, by field name; an empty object when the form is valid. */
export function checkForm<K extends string>(form: FormRules<K>, values: Partial<Record<K, unknown>>) {
  const errors: Partial<Record<K, string>> = {};
  for (const name of Object.keys(form) as K[]) {
    const message = checkField(form[name].rules, values[name], form[name].label);
    if (message) errors[name] = message;
  }
  return errors;
}

/**
 * validateApprovalCode: the form supplies the asynchronous check (an approval code known to
 * the server); the message is the product's (docs/product-rules.md#forms).
 */
export async function validateApprovalCode(
  value: string,
  field: string,
  isValid: (code: string) => Promise<boolean>,
): Promise<string | null> {
  if (isEmpty(value)) return null;
  return (await isValid(value.trim())) ? null : MESSAGES.approvalCode(field);
}
