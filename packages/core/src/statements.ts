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

/** A statement's date, MM/DD/YYYY (as US banks write it) or YYYY-MM-DD, as an ISO date; null if neither. */
export function statementDate(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const [year, month, day] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day || !isCalendarDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
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
