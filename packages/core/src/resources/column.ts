import { INT4 } from "../constants.js";
import type { LookupOption, Tone } from "../lookups/enumerations.js";
import type { RuleSpec } from "../validation.js";

/** How a column is stored, which decides what values a where may compare it with. */
/**
 * How a column is stored, which decides what values a where may compare it with. Money is
 * `numeric(12,2)` in the database and a decimal text ("1234.50") on the wire: never a
 * floating-point number (docs/decisions.md, Credit cards).
 */
export type ColumnType = "integer" | "text" | "timestamp" | "money";

/**
 * How a form edits a column and a table shows it; a plain text box and the value's text when
 * a column declares none.
 */
export type FieldKind =
  | { kind: "textarea" }
  /** A day kept as an ISO date, typed and shown as a US date (MM/DD/YYYY). */
  | { kind: "date" }
  /** A moment, shown with hh:mm am/pm; set by the server, so never typed. */
  | { kind: "datetime" }
  /** A phone number; a call link wherever it shows, unless `dial` is false (a fax). */
  | { kind: "tel"; dial?: false }
  /** Minutes shown as HH:mm. */
  | { kind: "minutes" }
  /**
   * Dollars with 2 decimals, typed as 1234.50 and shown as $1,234.50 (spec 5); in a table, as a
   * meter against the amount in column `of` of the same row (a card's month against its limit).
   */
  | { kind: "money"; of?: string }
  /**
   * One of a lookup list's values, picked from a plain select; shown by its label, or, for
   * minutes picked from a list (the time choices, labelled h:mm), as HH:mm like every duration.
   */
  | { kind: "choice"; options: readonly LookupOption<number | string>[]; shown?: "minutes" }
  /** A 1/0 flag, a checkbox. */
  | { kind: "flag" }
  /** Several of a lookup list's values, kept as a pipe list (|1|4|): checkboxes. */
  | { kind: "choices"; options: readonly LookupOption<number>[] }
  /**
   * The key of a row of another table or view, picked from its rows: `value` is its key
   * column, `label` the column shown. A `group` narrows tblAppLookup to one list.
   */
  | { kind: "reference"; reference: Reference }
  /**
   * A parcel's tracking number: its carrier recognised as it is typed (and set in the form's
   * `carrier` field), a wrong check digit said, and several numbers pasted at once offered as
   * rows of `table` of their own (issue 36).
   */
  | { kind: "trackingNumber"; carrier: string; table: string };

export interface Reference {
  table: string;
  value: string;
  label: string;
  /** tblAppLookup's rows of one list (appLookupParentID), in their sort order. */
  group?: string;
  /** Only rows whose flag column is 1 are offered (a row already chosen stays shown). */
  activeColumn?: string;
  /**
   * Only rows whose column of this name equals the form's field of the same name (a contact
   * of the order's client); the database holds the pair to the same rule.
   */
  within?: string;
}

/**
 * What a client may write into a column (insert and update), as data: the server builds its
 * schema from it (write-schema.ts), and the web app, which never needs that schema, loads no
 * schema library.
 */
export type ValueRule =
  /** An identity key: a positive integer. */
  | { kind: "key" }
  | { kind: "integer"; min: number; max: number }
  /** 1 or 0. */
  | { kind: "flag" }
  /** Any text; an empty or blank one stored as null where `emptyAsNull`. */
  | { kind: "text"; emptyAsNull: boolean }
  /** An ISO 8601 date or date and time (isTimestampText). */
  | { kind: "timestamp" }
  /** Dollars as a decimal text or number of at most 2 decimals, at least `min` and under `below`. */
  | { kind: "money"; min: string; below: string }
  /** One of a lookup list's values, else `message`. */
  | { kind: "choice"; values: readonly (number | string)[]; message: string }
  /** A pipe list of a lookup list's values, each once, in the list's order, else `message`. */
  | { kind: "choices"; values: readonly string[]; message: string }
  | { kind: "oneOf"; values: readonly [string, ...string[]] }
  /** Anything: the server replaces it (a server-owned value). */
  | { kind: "any" };

export interface Column {
  type: ColumnType;
  nullable: boolean;
  /** What a client may write into it (insert and update). */
  value: ValueRule;
  /** May be left out of an insert: the database supplies a default or null. */
  optional: boolean;
  /** Filled by the database (identity key): never written by clients. */
  generated?: true;
  /** Set by the server on every write, whatever the client sent. */
  serverOwned?: "signedInEmployee" | "now";
  /** Searchable with LIKE by a table's search box. */
  searchable?: true;
  /**
   * The column of the same row that holds this text lower-cased, kept by the database: a LIKE
   * compares the pattern lowered with it, where ILIKE would lower every row's text as it reads
   * it (a type-ahead over 60,000 projects in a third of the time: bench/RESULTS.md, issue 38).
   */
  foldedIn?: string;
  /** Never returned, filtered, searched nor sorted on (a secret): it may only be written. */
  hidden?: true;
  /** The field name the rule messages use (the column's own name when absent). */
  label?: string;
  /** The form rules (docs/product-rules.md#forms) a written value must pass (the web app's forms run the same). */
  rules?: readonly RuleSpec[];
  field?: FieldKind;
  /** A new record's value in a form (the database's default, where it has one). */
  initial?: string;
  /** Written when the row is made, never changed (the list a lookup value belongs to). */
  insertOnly?: true;
  /**
   * The name of a record its row refers to by the `key` column (a project's client by
   * projectClientID): shown as a link to that record, of `table`, for whoever may view it.
   */
  names?: RecordRef;
  /**
   * A status whose values are not a choice's (a project's, from an editable list): its tone from
   * its words and the code its row holds in column `code`.
   */
  status?: { code?: string; tone: (value: unknown, code: unknown) => Tone | undefined };
}

/** A record of another table named in a row: the column of its key, and its table. */
export interface RecordRef {
  key: string;
  table: string;
}

/** Every amount is under a billion dollars: numeric(12,2) holds it, and a double shows it exactly. */
export const MONEY_BELOW = "1000000000";

/** An amount as the calls may send it: digits with at most 2 decimals, as text or a JSON number. */
export function moneyText(value: unknown): string | null {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  return typeof text === "string" && /^\d{1,10}(?:\.\d{1,2})?$/.test(text.trim()) ? text.trim() : null;
}

/** An amount's cents, exactly: digits with at most 2 decimals, an optional minus ("-12.5"). */
function cents(text: string): bigint {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const value = BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0"));
  return negative ? -value : value;
}

/** Cents as an amount's text with 2 decimals ("-3.05"). */
function centsText(value: bigint): string {
  const magnitude = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, "0")}`;
}

/** Compares two amounts written as digits with at most 2 decimals, exactly (no floating point). */
export function compareMoney(a: string, b: string): number {
  const difference = cents(a) - cents(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** What is left of `limit` once `used` is spent, exactly, never below zero ("0.00"). */
export function moneyLeft(limit: string, used: string): string {
  const left = cents(limit) - cents(used);
  return centsText(left < 0n ? 0n : left);
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** A date or date and time as the calls send them: ISO 8601, or with a space for the T. */
export function isTimestampText(text: string): boolean {
  return TIMESTAMP.test(text) && !Number.isNaN(Date.parse(text.length === 10 ? text : text.replace(" ", "T")));
}

interface Options {
  nullable?: boolean;
  optional?: boolean;
  searchable?: boolean;
  label?: string;
  rules?: readonly RuleSpec[];
  field?: FieldKind;
  initial?: string;
  insertOnly?: boolean;
}

/** A column as its builder declares it: its type and whether it may be null, known to the compiler. */
export type Typed<T extends ColumnType, N extends boolean> = Column & { readonly type: T; readonly nullable: N };

/** Whether options make a column nullable: what they say, else the builder's default. */
type NullableOf<O, Default extends boolean = false> = O extends { nullable: infer N extends boolean } ? N : Default;

/** A value of a column of a type as the calls answer it: amounts, days and times as text. */
type ValueOfType<T> = T extends "integer" ? number : string;

/** A column's value in a row: its type's, or null where it may be null. */
export type ValueOf<C extends Column> = ValueOfType<C["type"]> | (C["nullable"] extends false ? never : null);

/**
 * A row of a table or view as the calls answer it, derived from its column declarations:
 * every column but the hidden ones (secrets are never read back). `RowOf<typeof vwCCApprovals>`.
 */
export type RowOf<R extends { columns: Record<string, Column> }> = {
  -readonly [K in keyof R["columns"] as R["columns"][K] extends { hidden: true } ? never : K]: ValueOf<R["columns"][K]>;
};

function make<T extends ColumnType, N extends boolean = false>(
  type: T,
  value: ValueRule,
  options: Options,
): Typed<T, N> {
  const nullable = (options.nullable ?? false) as N;
  const column: Typed<T, N> = {
    type,
    nullable,
    value,
    optional: options.optional ?? nullable,
  };
  if (options.searchable) column.searchable = true;
  if (options.label) column.label = options.label;
  if (options.rules?.length) column.rules = options.rules;
  if (options.field) column.field = options.field;
  if (options.initial !== undefined) column.initial = options.initial;
  if (options.insertOnly) column.insertOnly = true;
  return column;
}

/** A message in the field's name where the column has a label, as the rules' messages are. */
const named = (label: string | undefined, message: string) => (label ? `${label} ${message}` : message);

/** An active employee by name (the directory's view): whom a form, a filter or View as picks. */
export const ACTIVE_EMPLOYEE: Reference = {
  table: "vwEmployeeDirectory",
  value: "empID",
  label: "empName",
  activeColumn: "empActive",
};

/** The values of one list of tblAppLookup, in its order: what a lookup column picks from. */
export const lookupReference = (group: string): Reference => ({
  table: "tblAppLookup",
  value: "appLookupID",
  label: "appLookupValue",
  group,
});

type IntegerOptions = Options & { min?: number; max?: number };
type TextOptions = Options & { emptyAsNull?: boolean; multiline?: boolean; foldedIn?: string };
const none = {} as const;

/** Column builders: a resource declares its columns with these, once. */
export const col = {
  /** The identity key of a table. */
  id: (options: Pick<Options, "label"> = {}): Typed<"integer", false> => ({
    ...make("integer", { kind: "key" }, options),
    generated: true,
    optional: true,
  }),
  integer: <const O extends IntegerOptions = typeof none>(options: O = none as O) =>
    make<"integer", NullableOf<O>>(
      "integer",
      { kind: "integer", min: options.min ?? INT4.min, max: options.max ?? INT4.max },
      options,
    ),
  /** A 1/0 flag (the permission flags, empActive). */
  flag: <const O extends Options = typeof none>(options: O = none as O) =>
    make<"integer", NullableOf<O>>(
      "integer",
      { kind: "flag" },
      {
        field: { kind: "flag" },
        ...options,
      },
    ),
  text: <const O extends TextOptions = typeof none>(maxLength: number, options: O = none as O) => {
    // The length limit is a rule, so its message names the field like every other rule's. An
    // empty note text is stored as null.
    const field = options.multiline ? ({ kind: "textarea" } as const) : options.field;
    const value = { kind: "text", emptyAsNull: options.emptyAsNull ?? false } as const;
    const column = make<"text", NullableOf<O>>("text", value, {
      ...options,
      field,
      rules: [...(options.rules ?? []), { max: maxLength }],
    });
    if (options.foldedIn) column.foldedIn = options.foldedIn;
    return column;
  },
  /** A US phone number, (nnn) nnn-nnnn. */
  tel: <const O extends Options = typeof none>(options: O = none as O): Typed<"text", NullableOf<O>> =>
    col.text(14, { ...options, field: { kind: "tel" }, rules: [...(options.rules ?? []), "tel"] }) as Typed<
      "text",
      NullableOf<O>
    >,
  /** A fax number: a phone number's rules and look, and nothing to call. */
  fax: <const O extends Options = typeof none>(options: O = none as O): Typed<"text", NullableOf<O>> =>
    col.text(14, {
      ...options,
      field: { kind: "tel", dial: false },
      rules: [...(options.rules ?? []), "tel"],
    }) as Typed<"text", NullableOf<O>>,
  /** One value of a lookup list: an integer or a text code, only those the list holds. */
  choice: <V extends number | string, const O extends Options = typeof none>(
    options: readonly LookupOption<V>[],
    settings: O = none as O,
  ) => {
    const values = options.map((o) => o.value);
    const numeric = typeof values[0] === "number";
    const value = { kind: "choice", values, message: named(settings.label, "is not one of the choices") } as const;
    return make((numeric ? "integer" : "text") as V extends number ? "integer" : "text", value, {
      field: { kind: "choice", options },
      ...settings,
    });
  },
  /** Minutes picked from a list of choices (labelled h:mm there), shown elsewhere as HH:mm (spec 5). */
  minuteChoice: <const O extends Options = typeof none>(
    options: readonly LookupOption<number>[],
    settings: O = none as O,
  ) => {
    const column = col.choice(options, settings);
    return { ...column, field: { kind: "choice", options, shown: "minutes" } } as typeof column;
  },
  /** Several values of a lookup list as a pipe list (|1|4|), each at most once, in the list's order. */
  choices: <const O extends Options = typeof none>(
    options: readonly LookupOption<number>[],
    settings: O = none as O,
  ) => {
    const values = options.map((o) => String(o.value));
    const value = { kind: "choices", values, message: named(settings.label, "is not a list of the choices") } as const;
    return make<"text", NullableOf<O, true>>("text", value, {
      field: { kind: "choices", options },
      nullable: true,
      ...settings,
    });
  },
  /** The key of a row of another table: an integer the data service checks exists. */
  reference: <const O extends Options = typeof none>(reference: Reference, settings: O = none as O) =>
    make<"integer", NullableOf<O, true>>(
      "integer",
      { kind: "integer", min: 1, max: INT4.max },
      {
        nullable: true,
        field: { kind: "reference", reference },
        ...settings,
      },
    ),
  /** A value of one of the editable lists of tblAppLookup (the Lists, page 26). */
  lookup: <const O extends Options = typeof none>(group: string, settings: O = none as O) =>
    col.reference(lookupReference(group), settings),
  /** An e-mail address. */
  email: <const O extends Options = typeof none>(options: O = none as O): Typed<"text", NullableOf<O, true>> =>
    col.text(255, { nullable: true, ...options, rules: [...(options.rules ?? []), "email"] }) as Typed<
      "text",
      NullableOf<O, true>
    >,
  /** A day: stored as an ISO date, typed and shown as a US date. */
  date: <const O extends Options = typeof none>(options: O = none as O) =>
    make<"timestamp", NullableOf<O>>(
      "timestamp",
      { kind: "timestamp" },
      {
        field: { kind: "date" },
        ...options,
      },
    ),
  oneOf: <const T extends readonly [string, ...string[]], const O extends Options = typeof none>(
    values: T,
    options: O = none as O,
  ) => make<"text", NullableOf<O>>("text", { kind: "oneOf", values }, options),
  /**
   * An amount of dollars (numeric(12,2)): written as "1234.5" or 1234.5, read back as
   * "1234.50". `positive` refuses zero (spec 5's currency_not_zero) as well as negative amounts.
   */
  money: <const O extends Options & { positive?: boolean } = typeof none>(options: O = none as O) =>
    make<"money", NullableOf<O>>(
      "money",
      { kind: "money", min: options.positive ? "0.01" : "0", below: MONEY_BELOW },
      {
        field: { kind: "money" },
        ...options,
        rules: [...(options.rules ?? []), "currency", ...(options.positive ? (["currency_not_zero"] as const) : [])],
      },
    ),
  timestamp: <const O extends Options = typeof none>(options: O = none as O) =>
    make<"timestamp", NullableOf<O>>(
      "timestamp",
      { kind: "timestamp" },
      {
        field: { kind: "datetime" },
        ...options,
      },
    ),
  /** Kept by the database from other rows (a project's latest status): read, never written. */
  derived: <T extends "integer" | "timestamp">(type: T, options: Options = {}): Typed<T, true> =>
    ({
      ...(type === "integer"
        ? col.integer({ nullable: true, ...options })
        : col.timestamp({ nullable: true, ...options })),
      nullable: true,
      generated: true,
      optional: true,
    }) as Typed<T, true>,
  /**
   * Kept by the server's own work (the tracking run's status of a parcel): read like any
   * column, never written by a client.
   */
  kept: <C extends Column>(column: C): C & { generated: true; optional: true } => ({
    ...column,
    generated: true,
    optional: true,
  }),
  /**
   * Owned by the server: the signed-in employee who wrote the row. `nullable` where rows older
   * than the column, or written by the system, name nobody.
   */
  owner: <const O extends Pick<Options, "nullable"> = typeof none>(
    options: O = none as O,
  ): Typed<"integer", NullableOf<O>> => ({
    ...make<"integer", NullableOf<O>>("integer", { kind: "any" }, options),
    serverOwned: "signedInEmployee",
    optional: true,
  }),
  /** Owned by the server: the time of the write. */
  now: (): Typed<"timestamp", false> => ({
    ...make("timestamp", { kind: "any" }, { field: { kind: "datetime" } }),
    serverOwned: "now",
    optional: true,
  }),
  /** A secret: written by those who may change the record, never read back by anyone. */
  secret: (maxLength: number, options: Options = {}): Column & { hidden: true } => ({
    ...col.text(maxLength, options),
    hidden: true,
  }),
} as const;
