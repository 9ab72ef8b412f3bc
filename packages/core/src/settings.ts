import { DEFAULT_RECEIPT_RULE } from "./card-requests.js";
import type { GrantName } from "./grants.js";
import type { RuleSpec } from "./validation.js";

/**
 * Every setting, declared once (issue 37): its key, whose it is (a person's own, or the
 * company's, which only the grant may change), its fields with their kinds and rules, the
 * environment variable that wins over a field where it is set, and its initial value. The
 * server keeps them (one pair of calls, a version, the audit trail), the Settings page draws
 * its form from them, and nothing about a setting is written twice.
 */

/** What a field holds, and so how it is checked and drawn. */
export type SettingKind =
  | { type: "choice"; choices: readonly { value: string; label: string }[] }
  | { type: "text"; max: number; pattern?: { source: string; message: string } }
  | { type: "url" }
  | { type: "timeZone" }
  | { type: "money" }
  | { type: "integer"; min: number; max: number }
  /** Written, never read back: a browser learns only whether it is set. */
  | { type: "secret"; max: number }
  /** The company's days off: a date and its name each. */
  | { type: "holidays" }
  /** A page of the route table a person may open (where sign-in lands). */
  | { type: "page" };

export interface SettingField {
  label: string;
  kind: SettingKind;
  /** The form's rules beyond the kind's (core's validation.ts: the same messages everywhere). */
  rules?: readonly RuleSpec[];
  /** Said under the field. */
  hint?: string;
  /** The environment variable that, where set, wins over what is saved. */
  env?: string;
}

export interface SettingDef {
  key: string;
  /** A person's own (each keeps theirs), or the company's (one for all, `grant` to change). */
  scope: "personal" | "company";
  /** Who may change a company setting (administrators when not named). */
  grant?: GrantName;
  title: string;
  description: string;
  fields: Record<string, SettingField>;
  initial: Record<string, SettingValue>;
  /** Fields set together or not at all (a client id without its secret is half a setting). */
  together?: readonly string[];
  /** The row it is kept in when not its key (an earlier issue's, which a view reads). */
  storedAs?: string;
}

export interface Holiday {
  date: string;
  name: string;
}

export type SettingValue = string | number | Holiday[];
export type SettingValues = Record<string, SettingValue>;

/** The company's holidays as the holidays setting holds them. */
export const holidayDays = (values: SettingValues): Holiday[] => (Array.isArray(values.days) ? values.days : []);

/** What a browser is sent of a secret field: whether it is set. */
export const SECRET_SET = "set";

const LAYOUTS = [
  { value: "auto", label: "This device's" },
  { value: "desktop", label: "Desktop" },
  { value: "mobile", label: "Mobile" },
] as const;
const SCHEMES = [
  { value: "auto", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

const url = (label: string, env: string, hint?: string): SettingField => ({
  label,
  kind: { type: "url" },
  rules: ["url"],
  env,
  ...(hint ? { hint } : {}),
});
const secret = (label: string, env: string): SettingField => ({ label, kind: { type: "secret", max: 500 }, env });
const text = (label: string, max: number, env?: string): SettingField => ({
  label,
  kind: { type: "text", max },
  rules: [{ max }],
  ...(env ? { env } : {}),
});

/** A carrier's tracking service: its client id and secret (OAuth client credentials) and address. */
const carrier = (key: "ups" | "fedex", title: string, env: "UPS" | "FEDEX", apiUrl: string): SettingDef => ({
  key,
  scope: "company",
  grant: "administrators",
  title,
  description: `${title}'s tracking service: on once its client id and secret are set. The tracking run asks it about open parcels.`,
  fields: {
    clientId: text("Client id", 200, `${env}_CLIENT_ID`),
    clientSecret: secret("Client secret", `${env}_CLIENT_SECRET`),
    apiUrl: url("Service address", `${env}_API_URL`),
  },
  initial: { clientId: "", clientSecret: "", apiUrl },
  together: ["clientId", "clientSecret"],
});

export const SETTINGS = {
  preferences: {
    key: "preferences",
    scope: "personal",
    title: "Your preferences",
    description: "Kept for you on the server: they follow you to any browser you sign in on.",
    fields: {
      layout: {
        label: "Layout",
        kind: { type: "choice", choices: LAYOUTS },
        hint: "This device's: a phone gets the mobile layout, a computer the desktop one.",
      },
      colourScheme: { label: "Colour scheme", kind: { type: "choice", choices: SCHEMES } },
      startPage: {
        label: "Page after sign-in",
        kind: { type: "page" },
        hint: "Where signing in takes you, unless you were on your way to another page.",
      },
    },
    initial: { layout: "auto", colourScheme: "auto", startPage: "/" },
  },
  timeClock: {
    key: "timeClock",
    scope: "company",
    grant: "administrators",
    title: "Time clock",
    description: "The external time-clock site the header and the avatar's panel link to.",
    fields: { url: url("Address", "TIME_CLOCK_URL") },
    initial: { url: "https://timeclock.example.com/" },
  },
  timeZone: {
    key: "timeZone",
    scope: "company",
    grant: "administrators",
    title: "Time zone",
    description: "The company's days: today, the hours tables, the calendar, the times every page shows.",
    fields: { zone: { label: "Time zone", kind: { type: "timeZone" }, env: "COMPANY_TIME_ZONE" } },
    initial: { zone: "America/New_York" },
  },
  holidays: {
    key: "holidays",
    scope: "company",
    grant: "administrators",
    title: "Company holidays",
    description: "Days the company is closed: a new series of events skips them, and they are no business days.",
    fields: { days: { label: "Holidays", kind: { type: "holidays" } } },
    initial: { days: [] },
  },
  receiptRule: {
    key: "receiptRule",
    scope: "company",
    grant: "administrators",
    title: "Card receipts",
    description:
      "Charges of at least this amount need a receipt; one still missing after this many days is listed in the card holder's inbox.",
    fields: {
      minAmount: { label: "Amount", kind: { type: "money" }, rules: ["required", "currency"] },
      days: { label: "Days", kind: { type: "integer", min: 0, max: 365 } },
    },
    initial: { ...DEFAULT_RECEIPT_RULE },
    storedAs: "cardReceiptRule",
  },
  ups: carrier("ups", "UPS", "UPS", "https://onlinetools.ups.com"),
  fedex: carrier("fedex", "FedEx", "FEDEX", "https://apis.fedex.com"),
  board: {
    key: "board",
    scope: "company",
    grant: "administrators",
    title: "Board service",
    description: "The project-management board a project's page shows its item from (a GraphQL service).",
    fields: {
      url: url("Service address", "BOARD_API_URL"),
      token: secret("Token", "BOARD_API_TOKEN"),
      boardID: {
        label: "Board",
        kind: { type: "text", max: 19, pattern: { source: "^\\d{1,19}$", message: "is the board's number" } },
        env: "BOARD_ID",
      },
    },
    initial: { url: "", token: "", boardID: "" },
    together: ["url", "token", "boardID"],
  },
} as const satisfies Record<string, SettingDef>;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_LIST: readonly SettingDef[] = Object.values(SETTINGS);

/** The settings of one scope, in their declared order. */
export const settingsOf = (scope: SettingDef["scope"]) => SETTING_LIST.filter((def) => def.scope === scope);

/** Whether a field is a secret: written, never sent back. */
export const isSecret = (field: SettingField) => field.kind.type === "secret";

/** A company setting as an administrator's page reads it. */
export interface CompanySettingState {
  /** What is in force: the environment's, else the saved, else the initial (secrets: SECRET_SET or ""). */
  values: SettingValues;
  /** Fields an environment variable sets, with its name: the page says so beside them. */
  env: Record<string, string>;
  /** The saved row's version (0: never saved); a write names it, and a stale one is refused. */
  version: number;
}

/** GET /API/Settings/: the caller's own settings, and the company's for who may change them. */
export interface SettingsAnswer {
  personal: Record<string, SettingValues>;
  company?: Record<string, CompanySettingState>;
  /** Administrators who looked at the product as the caller (View as), latest first. */
  viewedAs?: { by: string; at: string }[];
}

/** PUT /API/Settings/: some fields of one setting; a secret's empty text clears it. */
export interface SettingChange {
  key: string;
  values: SettingValues;
  /** The version read (company settings): refused when another change came between. */
  version?: number;
}

export interface SettingChanged {
  key: string;
  values: SettingValues;
  version: number;
}
