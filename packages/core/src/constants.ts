/** Business constants and limits (docs/product-rules.md#constants). */

/** The range of a PostgreSQL integer (int4), the type of every id column. */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

export const TOKEN_LIFETIME_SECONDS = 28_800;
/**
 * Ours: the longest a sign-in lasts, however often its token is refreshed (18 hours: from 6:00
 * to midnight). A working day never meets it; a stolen token cannot be kept alive past it.
 */
export const SESSION_MAX_SECONDS = 64_800;
export const DEVICE_COOKIE_SECONDS = 604_800;
export const SESSION_EXPIRY_COUNTDOWN_SECONDS = 15;
export const TABLE_PAGE_SIZE = 50;
export const TABLE_CONFIRM_THRESHOLD = 20_000;
/** Ours: the most groups one call of GET /API/Totals/ answers (what an export of totals asks for). */
export const TOTALS_MAX_GROUPS = 10_000;
/** Ours: the groups a page's table of totals shows (and the call's default); the export has them all. */
export const TOTALS_PAGE_GROUPS = 1_000;
export const DROPDOWN_KEEP_ROWS = 100;
export const DROPDOWN_DEBOUNCE_MS = 500;
export const PROJECT_DROPDOWN_ROW_LIMIT = 50;
export const QUICK_LAUNCH_MAX_DIGITS = 15;
export const DEFAULT_NOTE_CATEGORY = 105;
export const NOTE_CATEGORY_GROUP = 68;
export const EXCLUDED_PROJECT_STATUS_IDS = [56, 66, 194] as const;
export const DEPARTMENT_LOOKUP_PARENT = 135;
/**
 * Ours: the schedule categories (tblAppLookup, group scheduleCategories) the product acts on, by
 * their fixed ids as the lists hold them: an event "Out of office" marks its attendees Out in the
 * colleagues' availability while it lasts (availability.ts); company holidays.
 */
export const SCHEDULE_CATEGORY = { outOfOffice: 344, companyHoliday: 345 } as const;

export const TOAST_MS = {
  success: 1_500,
  failure: 7_000,
  loginFailure: 10_000,
  copy: 1_000,
  /** Ours: a success that offers Undo stays long enough to be pressed. */
  undo: 8_000,
  /** Ours: the tracking run's words (spec 8 gives none) are read while the run goes on: long enough to read twice. */
  tracking: 6_000,
} as const;

/** Ours: how long after a delete its author may put the records back (Undo). */
export const UNDO_MINUTES = 10;
/** Rows one update or delete may touch (and one Undo put back): a where that matches more is surely a mistake. */
export const MAX_ROWS_PER_WRITE = 1_000;
/** The most projects given one status by one call (a list's rows chosen together: two pages of 50). */
export const STATUSES_SET_AT_ONCE = 100;

export const AVAILABILITY_TYPES = ["In", "Break", "Out"] as const;
export type AvailabilityType = (typeof AVAILABILITY_TYPES)[number];

export const WEEKDAYS = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
