import { isCalendarDate } from "./formats.js";

/*
 * A card's monthly statement as the bank exports it (CSV): which columns we read, and how a
 * line's date and amount are read (issue 20). Banks name their columns differently; each of
 * ours is found by any of its usual names, case and spacing aside.
 */

/** The most lines one import takes: a month of a busy card is a few hundred. */
export const STATEMENT_MAX_LINES = 10_000;
/** The most bytes of a statement file. */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
/** How long after its approval a charge may come and still match the request. */
export const MATCH_DAYS = 30;
/**
 * The most charges (lines written) one account imports per rolling minute in a server process
 * (issue 32). A busy card's month is a few hundred lines: a finance user importing every card's
 * statement one after another stays far below it, and one statement of STATEMENT_MAX_LINES
 * always fits; a script importing on several connections writes at most two full statements a
 * minute, so it cannot hold the database's writes for everyone (docs/decisions.md).
 */
export const STATEMENT_CHARGES_PER_MINUTE = 20_000;
/**
 * The years a statement's dates may have. Before 1900 no card was charged and a date is a typo
 * of its year ("0026"); after 9999 PostgreSQL's dates go on but the app's four-digit years and
 * the spreadsheets it exports do not.
 */
export const STATEMENT_YEARS = { first: 1900, last: 9999 } as const;

export const STATEMENT_COLUMNS = {
  date: ["date", "transaction date", "trans date", "posted date", "post date"],
  amount: ["amount", "debit", "charge amount"],
  merchant: ["description", "merchant", "payee", "merchant name"],
  reference: ["reference", "reference number", "transaction id", "transaction reference"],
  card: ["card", "card number", "last four", "card last four", "account"],
} as const;

export type StatementColumn = keyof typeof STATEMENT_COLUMNS;
const REQUIRED: readonly StatementColumn[] = ["date", "amount", "merchant"];
const LABELS: Record<StatementColumn, string> = {
  date: "Date",
  amount: "Amount",
  merchant: "Description",
  reference: "Reference",
  card: "Card",
};

/** Where each of our columns is in the header, or the message of the first one missing. */
export function statementColumns(header: readonly string[]): Partial<Record<StatementColumn, number>> | string {
  const names = header.map((name) => name.trim().toLowerCase().replace(/\s+/g, " "));
  const found: Partial<Record<StatementColumn, number>> = {};
  for (const [column, synonyms] of Object.entries(STATEMENT_COLUMNS) as [StatementColumn, readonly string[]][]) {
    const index = names.findIndex((name) => synonyms.includes(name));
    if (index >= 0) found[column] = index;
  }
  const missing = REQUIRED.filter((column) => found[column] === undefined);
  return missing.length
    ? `The statement has no ${missing.map((c) => LABELS[c]).join(", ")} column (its first line names the columns).`
    : found;
}

/** The year, month and day of a date written MM/DD/YYYY (as US banks write it) or YYYY-MM-DD. */
function dateParts(text: string): [string, string, string] | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (us) return [us[3] as string, us[1] as string, us[2] as string];
  if (iso) return [iso[1] as string, iso[2] as string, iso[3] as string];
  return undefined;
}

/** A statement's date, MM/DD/YYYY or YYYY-MM-DD, as an ISO date; null if neither. */
export function statementDate(text: string): string | null {
  const [year, month, day] = dateParts(text) ?? [];
  if (!year || !month || !day || !isCalendarDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** Whether a date written as statementDate reads it has a year outside STATEMENT_YEARS. */
function outsideYears(text: string): boolean {
  const year = Number(dateParts(text)?.[0] ?? STATEMENT_YEARS.first);
  return year < STATEMENT_YEARS.first || year > STATEMENT_YEARS.last;
}

/**
 * A statement's amount as a decimal text with 2 decimals ("-12.50" for a credit): "$1,234.5",
 * "1234.56", "-12.5" and "(12.50)" are read; zero, more than 2 decimals, a billion or more, or
 * anything else is null.
 */
export function statementAmount(text: string): string | null {
  const m = /^(\()?(-)?\$?(\d{1,3}(?:,\d{3})+|\d{1,10})(?:\.(\d{1,2}))?(\))?$/.exec(text.trim());
  if (!m || Boolean(m[1]) !== Boolean(m[5]) || (m[1] && m[2])) return null;
  const whole = (m[3] ?? "").replaceAll(",", "").replace(/^0+(?=\d)/, "");
  if (whole.length > 9) return null;
  const cents = (m[4] ?? "").padEnd(2, "0");
  if (/^0*$/.test(whole) && cents === "00") return null;
  return `${m[1] || m[2] ? "-" : ""}${whole}.${cents}`;
}

export interface StatementLine {
  /** The line's number in the file (the header is line 1). */
  line: number;
  date: string;
  amount: string;
  merchant: string;
  reference: string | null;
  card: string | null;
}

/** One line of a statement read by its columns, or the message that says what is wrong with it. */
export function statementLine(
  record: readonly string[],
  columns: Partial<Record<StatementColumn, number>>,
  line: number,
): StatementLine | string {
  const cell = (column: StatementColumn) => {
    const index = columns[column];
    return index === undefined ? "" : (record[index] ?? "").trim();
  };
  if (outsideYears(cell("date"))) {
    const { first, last } = STATEMENT_YEARS;
    return `Line ${line}: "${cell("date")}" is outside the years a card statement holds (${first} to ${last}).`;
  }
  const date = statementDate(cell("date"));
  if (!date) return `Line ${line}: "${cell("date").slice(0, 40)}" is not a date (MM/DD/YYYY or YYYY-MM-DD).`;
  const amount = statementAmount(cell("amount"));
  if (!amount) return `Line ${line}: "${cell("amount").slice(0, 40)}" is not an amount (such as 1234.56).`;
  const merchant = cell("merchant").slice(0, 200);
  if (!merchant) return `Line ${line}: the description is empty.`;
  return {
    line,
    date,
    amount,
    merchant,
    reference: cell("reference").slice(0, 100) || null,
    card: cell("card") || null,
  };
}
