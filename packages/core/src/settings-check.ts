import { isTimeZone } from "./company-time.js";
import { wallClockDate } from "./formats.js";
import type { RouteDef } from "./routes.js";
import type { Holiday, SettingDef, SettingField, SettingValue, SettingValues } from "./settings.js";
import { ROUTES } from "./site.js";
import { checkField } from "./validation.js";

/** A year's holidays and a few more: a list longer than this is no company's. */
export const HOLIDAYS_MAX = 400;
const HOLIDAY_NAME_MAX = 100;
const SPECIAL = new Set(["/forbidden", "/update-config", "/login"]);

/** The pages a person may land on after signing in: a route of the table, not a special one. */
export const START_PAGES: readonly RouteDef[] = ROUTES.filter(
  (route) => !route.bare && !route.disabled && !SPECIAL.has(route.path) && !route.path.includes(":"),
);

const isText = (value: unknown): value is string => typeof value === "string";
const isHoliday = (value: unknown): value is Holiday =>
  typeof value === "object" &&
  value !== null &&
  Object.keys(value).every((key) => key === "date" || key === "name") &&
  isText((value as Holiday).date) &&
  isText((value as Holiday).name);

/**
 * What is wrong with a value for a field, or null: its kind (a choice of the list, an address,
 * a zone, an amount, a whole number in range, holidays), then the field's rules. The server
 * refuses a write with these; the Settings page shows the same words before sending.
 */
export function settingFieldError(field: SettingField, value: unknown): string | null {
  const { kind, label } = field;
  switch (kind.type) {
    case "choice":
      return isText(value) && kind.choices.some((choice) => choice.value === value)
        ? null
        : "is not one of the choices";
    case "integer":
      return Number.isInteger(value) && (value as number) >= kind.min && (value as number) <= kind.max
        ? null
        : `must be a whole number from ${kind.min} to ${kind.max}`;
    case "holidays":
      return holidaysError(value);
    case "page":
      return isText(value) && START_PAGES.some((route) => route.path === value) ? null : "is not a page of the product";
    case "timeZone":
      return isText(value) && value !== "" && isTimeZone(value) ? null : "is not a time zone such as America/New_York";
  }
  if (!isText(value)) return "must be text";
  if (/\0/.test(value)) return "may not hold the NUL character";
  if (kind.type === "secret" && [...value].length > kind.max) return `must have at most ${kind.max} characters`;
  if (kind.type === "url" && value !== "" && !/^https?:\/\/[^\s/]+/i.test(value))
    return "is not an http or https address";
  if (kind.type === "text" && kind.pattern && value !== "" && !new RegExp(kind.pattern.source).test(value))
    return kind.pattern.message;
  return checkField(field.rules ?? [], value, label);
}

function holidaysError(value: unknown): string | null {
  if (!Array.isArray(value)) return "must be a list of days";
  if (value.length > HOLIDAYS_MAX) return `may hold at most ${HOLIDAYS_MAX} days`;
  const seen = new Set<string>();
  for (const day of value) {
    if (!isHoliday(day)) return "must be days, each with its date and name";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day.date) || !wallClockDate(day.date))
      return `${day.date} is not a date (YYYY-MM-DD)`;
    if (seen.has(day.date)) return `${day.date} is there twice`;
    if (day.name.trim() === "" || [...day.name].length > HOLIDAY_NAME_MAX)
      return `${day.date} needs a name of at most ${HOLIDAY_NAME_MAX} characters`;
    seen.add(day.date);
  }
  return null;
}

/**
 * A change's fields checked against the setting's declaration: a field it does not have, a
 * value of the wrong kind, and fields that go together left half set (after the change is put
 * over what is kept). Answers the field errors, or null.
 */
export function settingChangeErrors(
  def: SettingDef,
  change: Record<string, unknown>,
  kept: SettingValues,
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(change)) {
    const field = Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
    const error = field ? settingFieldError(field, value) : "is not a field of this setting";
    if (error) errors[name] = error;
  }
  if (Object.keys(errors).length === 0 && def.together) {
    const after = { ...kept, ...change };
    const set = def.together.filter((name) => after[name] !== "" && after[name] !== undefined);
    if (set.length > 0 && set.length < def.together.length) {
      const labels = def.together.map((name) => def.fields[name]?.label ?? name).join(", ");
      for (const name of def.together.filter((name) => !set.includes(name))) errors[name] = `is needed with ${labels}`;
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A saved value read back: what the declaration expects of each field, the initial where it is not (a field added later). */
export function settingValuesOf(def: SettingDef, saved: unknown): SettingValues {
  const values: SettingValues = { ...def.initial };
  if (typeof saved !== "object" || saved === null) return values;
  for (const [name, field] of Object.entries(def.fields)) {
    const value = (saved as Record<string, unknown>)[name];
    if (value !== undefined && settingFieldError(field, value) === null) values[name] = value as SettingValue;
  }
  return values;
}
