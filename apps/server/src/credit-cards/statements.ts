import {
  APPROVAL,
  MATCH_DAYS,
  STATEMENT_CHARGES_PER_MINUTE,
  STATEMENT_MAX_LINES,
  type StatementLine,
  statementColumns,
  statementLine,
  tblCC,
  tblCCCharge,
  tblCCStatement,
} from "@office/core";
import { parse } from "csv-parse";
import { type Kysely, type Selectable, sql } from "kysely";
import { type Actor, actorEmpID, requireAccess } from "../data/actor.js";
import { audit } from "../data/audit.js";
import { lendingBetween } from "../db/caller.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { createRateWindow, type RateWindow } from "../http/rate-window.js";

/** How many lines a preview lists (its counts cover them all). */
const PREVIEW_SHOWN = 500;
/** How many unreadable lines a refusal names. */
const ERRORS_NAMED = 5;
/** Lines written in one step of an import's transaction (a few dozen ms of PGlite's at scale 14). */
export const WRITE_STEP_LINES = 500;
/** References looked up in one statement: a few dozen ms of PGlite's, whatever the statement's size. */
const LOOKUP_STEP = 2_000;
/** New charges of one import past which the planner's statistics of the charges are refreshed. */
const ANALYZE_AFTER_CHARGES = 1_000;
/** What an import's transaction writes: on PGlite, reads of anything else run between its steps. */
const IMPORT_WRITES = ["tblCCStatement", "tblCCCharge", "auditLog"];

export interface StatementFile {
  ccID: number;
  fileName: string | null;
  csv: string;
}

export type LineFate = "matched" | "unmatched" | "duplicate";

export interface PreviewLine extends StatementLine {
  fate: LineFate;
  /** The request it spends, when matched. */
  ccPermissionID: number | null;
}

export interface StatementAnswer {
  ccStatementID: number | null;
  counts: Record<LineFate, number> & { lines: number };
  lines: PreviewLine[];
}

/**
 * Runs one of an import's database steps: "read" (the card, what it holds and the requests a
 * line may spend) or "write" (the import's transaction): the route runs each in a heavy read
 * turn (data/read-gate.ts); by default each runs at once.
 */
export type ImportStep = <T>(kind: "read" | "write", work: () => Promise<T>) => Promise<T>;

export interface ImportOptions {
  /** The charges each account has imported lately (importAllowance); none: no limit. */
  allowance?: RateWindow;
  step?: ImportStep;
}

/** The per-process allowance of STATEMENT_CHARGES_PER_MINUTE charges imported per account. */
export function importAllowance(): RateWindow {
  return createRateWindow({ limit: STATEMENT_CHARGES_PER_MINUTE, windowMs: 60_000 });
}

const refusal = (errors: readonly string[]) => {
  const more = errors.length > ERRORS_NAMED ? ` And ${errors.length - ERRORS_NAMED} more.` : "";
  return AppError.badRequest(
    `${errors.length} line${errors.length === 1 ? "" : "s"} of the statement cannot be read; nothing was imported. ${errors
      .slice(0, ERRORS_NAMED)
      .join(" ")}${more}`,
  );
};

/** The statement's lines, read and checked; refuses (400) a file that cannot be read as a whole. */
async function readLines(csv: string): Promise<StatementLine[]> {
  let records: string[][];
  try {
    records = await recordsOf(csv);
  } catch (error) {
    throw AppError.badRequest(`The statement is not a CSV file that can be read: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) throw AppError.badRequest("The statement is empty.");
  if (rows.length > STATEMENT_MAX_LINES) {
    throw AppError.badRequest(`The statement has more than ${STATEMENT_MAX_LINES.toLocaleString("en-US")} lines.`);
  }
  const columns = statementColumns(header);
  if (typeof columns === "string") throw AppError.badRequest(columns);
  if (rows.length === 0) throw AppError.badRequest("The statement has no lines under its header.");
  const errors: string[] = [];
  const lines: StatementLine[] = [];
  const lineOfReference = new Map<string, number>();
  for (const [i, record] of rows.entries()) {
    if (i > 0 && i % READ_SLICE_LINES === 0) await nextTurn();
    const line = statementLine(record, columns, i + 2);
    if (typeof line === "string") {
      errors.push(line);
      continue;
    }
    // A bank's reference names one charge: two lines of it would be one charge imported twice.
    const earlier = line.reference === null ? undefined : lineOfReference.get(line.reference);
    if (earlier !== undefined)
      errors.push(`Line ${line.line}: the reference ${line.reference} is line ${earlier}'s too.`);
    else if (line.reference !== null) lineOfReference.set(line.reference, line.line);
    lines.push(line);
  }
  if (errors.length) throw refusal(errors);
  return lines;
}

/** Lets the server's other requests run: 10,000 lines read at once held them for 0.1 s. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Characters of the file parsed, and lines read, between two turns of the server's other requests. */
const READ_SLICE_CHARS = 64 * 1024;
const READ_SLICE_LINES = 1_000;

/** The file's records, parsed a slice at a time; up to one past the most lines a statement may have. */
async function recordsOf(csv: string): Promise<string[][]> {
  const records: string[][] = [];
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true });
  parser.on("readable", () => {
    for (let record = parser.read(); record !== null; record = parser.read()) records.push(record);
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on("end", resolve);
    parser.on("error", reject);
  });
  // A parse error ends the writing: the promise above carries it.
  ended.catch(() => undefined);
  for (let at = 0; at < csv.length && !parser.destroyed; at += READ_SLICE_CHARS) {
    parser.write(csv.slice(at, at + READ_SLICE_CHARS));
    await nextTurn();
    if (records.length > STATEMENT_MAX_LINES + 1) break;
  }
  parser.end();
  await ended;
  return records;
}

/** Refuses (400) lines that name another card than the one imported into. */
function checkCard(lines: readonly StatementLine[], lastFour: string): void {
  const errors = lines.flatMap((line) =>
    line.card && line.card.replace(/\D/g, "").slice(-4) !== lastFour
      ? [`Line ${line.line}: the card ${line.card.slice(0, 30)} is not this card (••${lastFour}).`]
      : [],
  );
  if (errors.length) throw refusal(errors);
}

/**
 * Each line's reference: the bank's, or its date, amount and description with its place among
 * lines alike (two coffees of the same day and price are two charges), so an import of the
 * same statement again finds the lines it already holds.
 */
function referencesOf(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.reference) return `bank:${line.reference}`;
    const key = `${line.date}|${line.amount}|${line.merchant.toLowerCase()}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `line:${key}|${n}`;
  });
}

interface Candidate {
  ccPermissionID: number;
  empID: number;
  projectID: number | null;
  amount: string;
  requested: string;
  /** A charge its spender entered and no statement reconciled yet. */
  enteredChargeID: number | null;
}

/** What the card holds that decides each line's fate: the references it has, the requests a line may spend. */
interface Holdings {
  known: Set<string>;
  candidates: Candidate[];
}

/** A statement's lines read and each one's fate decided, ready to write. */
interface Plan {
  lines: StatementLine[];
  references: string[];
  holdings: Holdings;
  fates: PreviewLine[];
  /** The request each matched line (by index) spends. */
  matchOf: Map<number, Candidate>;
}

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first and last days of a statement's lines. */
function spanOf(lines: readonly StatementLine[]) {
  const dates = lines.map((line) => line.date).sort();
  return { first: dates[0] as string, last: dates[dates.length - 1] as string };
}

/**
 * The card's holdings for these lines, in statements whose cost follows the statement, not the
 * card's history, each bounded (LOOKUP_STEP references). The references are arrays, each looked
 * up in the unique index on (ccID, ccChargeBankRef) by a lateral probe: as a join the planner
 * may hash all the card's charges for a long statement, and `in (…)` under a generic plan was a
 * filter comparing every charge with every reference (tens of seconds for a card of 140,000
 * charges, docs/decisions.md).
 * The dates are compared in SQL: a day past 9999-12-31 is a date there, not in JavaScript's ISO text.
 */
async function holdingsOf(db: Kysely<DB>, ccID: number, lines: StatementLine[], references: string[]) {
  const known = new Set<string>();
  for (const step of stepsOf(references, LOOKUP_STEP)) {
    const { rows: held } = await sql<{ ref: string }>`
      select r.ref from unnest(${step}::text[]) as r (ref)
      cross join lateral (select 1 from "tblCCCharge" ch
        where ch."ccID" = ${ccID} and ch."ccChargeBankRef" = r.ref limit 1) as charge`.execute(db);
    for (const row of held) known.add(row.ref);
  }
  const { first, last } = spanOf(lines);
  const { rows: candidates } = await sql<Candidate>`
    select cp."ccPermissionID", cp."empID", cp."projectID", coalesce(ch."ccChargeAmount", cp."ccPermissionAmount")::text as amount,
      to_char(cp."ccPermissionRequestedTS", 'YYYY-MM-DD') as requested, ch."ccChargeID" as "enteredChargeID"
    from "tblCCPermission" cp left join "tblCCCharge" ch on ch."ccPermissionID" = cp."ccPermissionID"
    where cp."ccID" = ${ccID} and cp."ccPermissionCCUsedApprovalStatus" = ${sql.lit(APPROVAL.code.approved)}
      and cp."ccPermissionOverLimitApprovalStatus" = ${sql.lit(APPROVAL.code.approved)} and cp."ccPermissionAmount" is not null
      and cp."ccPermissionRequestedTS" >= ${first}::date - ${MATCH_DAYS}::integer
      and cp."ccPermissionRequestedTS" < ${last}::date + 1
      and (ch."ccChargeID" is null or ch."ccChargeBankRef" is null)
    order by cp."ccPermissionRequestedTS", cp."ccPermissionID"`.execute(db);
  return { known, candidates };
}

const sameHoldings = (a: Holdings, b: Holdings) =>
  a.known.size === b.known.size &&
  [...a.known].every((ref) => b.known.has(ref)) &&
  JSON.stringify(a.candidates) === JSON.stringify(b.candidates);

/**
 * Each line's fate: a duplicate of what the card holds, or new, matched to the earliest free
 * request of its amount asked for on or up to MATCH_DAYS days before its date (earliest line
 * first), or unmatched.
 */
function planOf(lines: StatementLine[], references: string[], holdings: Holdings): Plan {
  // The free requests by amount, each list in the order they were asked for.
  const free = new Map<string, Candidate[]>();
  for (const candidate of holdings.candidates) {
    const same = free.get(candidate.amount);
    if (same) same.push(candidate);
    else free.set(candidate.amount, [candidate]);
  }
  const order = lines.map((_, i) => i).sort((a, b) => (lines[a]?.date ?? "").localeCompare(lines[b]?.date ?? ""));
  const fates: PreviewLine[] = new Array(lines.length);
  const matchOf = new Map<number, Candidate>();
  for (const i of order) {
    const line = lines[i] as StatementLine;
    if (holdings.known.has(references[i] as string)) {
      fates[i] = { ...line, fate: "duplicate", ccPermissionID: null };
      continue;
    }
    const same = free.get(line.amount) ?? [];
    const at = same.findIndex((c) => c.requested <= line.date && line.date <= addDays(c.requested, MATCH_DAYS));
    const match = at >= 0 ? same.splice(at, 1)[0] : undefined;
    if (match) matchOf.set(i, match);
    fates[i] = { ...line, fate: match ? "matched" : "unmatched", ccPermissionID: match?.ccPermissionID ?? null };
  }
  return { lines, references, holdings, fates, matchOf };
}

function answerOf(plan: Plan, ccStatementID: number | null): StatementAnswer {
  const counts = { lines: plan.lines.length, matched: 0, unmatched: 0, duplicate: 0 };
  for (const fate of plan.fates) counts[fate.fate]++;
  return { ccStatementID, counts, lines: plan.fates.slice(0, PREVIEW_SHOWN) };
}

type Charge = Selectable<DB["tblCCCharge"]>;

/** The statement a write records. */
type Imported = { ccID: number; ccStatementID: number };

/** The new charges of these lines (by index), in one insert from one array per column. */
async function insertCharges(tx: Kysely<DB>, { ccID, ccStatementID }: Imported, plan: Plan, indexes: number[]) {
  if (indexes.length === 0) return [];
  const { lines, references, matchOf } = plan;
  const { rows } = await sql<Charge>`insert into "tblCCCharge" ("ccID", "ccStatementID", "ccChargeSource", "empID",
      "ccPermissionID", "projectID", "ccChargeDate", "ccChargeAmount", "ccChargeMerchant", "ccChargeBankRef")
    select ${ccID}::integer, ${ccStatementID}::integer, 'statement', line.*
    from unnest(${indexes.map((i) => matchOf.get(i)?.empID ?? null)}::integer[],
      ${indexes.map((i) => matchOf.get(i)?.ccPermissionID ?? null)}::integer[],
      ${indexes.map((i) => matchOf.get(i)?.projectID ?? null)}::integer[],
      ${indexes.map((i) => lines[i]?.date)}::date[],
      ${indexes.map((i) => lines[i]?.amount)}::numeric[],
      ${indexes.map((i) => lines[i]?.merchant)}::text[],
      ${indexes.map((i) => references[i])}::text[]) as line
    returning *`.execute(tx);
  return rows;
}

/**
 * The entered charges these lines (by index) reconcile: given the statement and the line's
 * reference, read and updated in one statement each. Refuses (409) if one was reconciled meanwhile.
 */
async function reconcileCharges(tx: Kysely<DB>, { ccStatementID }: Imported, plan: Plan, indexes: number[]) {
  if (indexes.length === 0) return [];
  const ids = indexes.map((i) => plan.matchOf.get(i)?.enteredChargeID as number);
  const { rows: before } = await sql<Charge>`
    select * from "tblCCCharge" where "ccChargeID" = any(${ids}::integer[])`.execute(tx);
  const { rows: after } = await sql<Charge>`update "tblCCCharge" ch
    set "ccStatementID" = ${ccStatementID}::integer, "ccChargeBankRef" = line.ref
    from unnest(${ids}::integer[], ${indexes.map((i) => plan.references[i])}::text[]) as line (id, ref)
    where ch."ccChargeID" = line.id and ch."ccChargeBankRef" is null
    returning ch.*`.execute(tx);
  if (after.length !== ids.length) throw changedMeanwhile();
  const beforeOf = new Map(before.map((row) => [row.ccChargeID, row]));
  return after.map((row) => ({ before: beforeOf.get(row.ccChargeID), after: row }));
}

/**
 * Writes a planned import: the statement's row, then a step of lines at a time, each in a
 * bounded number of statements (its new charges, the entered charges it reconciles, and the
 * audit of each kind of change in one statement). Answers the statement's id.
 */
async function writePlan(tx: Kysely<DB>, actor: Actor, file: StatementFile, plan: Plan): Promise<number> {
  const fresh = plan.fates.flatMap((fate, i) => (fate.fate === "duplicate" ? [] : [i]));
  const entered = (i: number) => Boolean(plan.matchOf.get(i)?.enteredChargeID);
  const { first, last } = spanOf(plan.lines);
  const statement = await tx
    .insertInto("tblCCStatement")
    .values({
      ccID: file.ccID,
      fileName: file.fileName,
      lineCount: plan.lines.length,
      importedCount: fresh.length,
      firstDate: first,
      lastDate: last,
      empID: actorEmpID(actor),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(tx, actor, "insert", tblCCStatement, [{ after: statement }]);
  for (const step of stepsOf(fresh, WRITE_STEP_LINES)) {
    const added = await insertCharges(
      tx,
      statement,
      plan,
      step.filter((i) => !entered(i)),
    );
    const changed = await reconcileCharges(tx, statement, plan, step.filter(entered));
    await audit(
      tx,
      actor,
      "insert",
      tblCCCharge,
      added.map((after) => ({ after })),
    );
    await audit(tx, actor, "update", tblCCCharge, changed);
  }
  return statement.ccStatementID;
}

/**
 * Items in steps of `size`, one statement each: each step's statement is short, and on PGlite
 * the connection serves others' reads between them (db/pglite-pool.ts).
 */
function stepsOf<T>(items: readonly T[], size: number): T[][] {
  const steps: T[][] = [];
  for (let at = 0; at < items.length; at += size) steps.push(items.slice(at, at + size));
  return steps;
}

const noCard = (ccID: number) => new AppError(404, `There is no credit card with the id ${ccID}.`);

const changedMeanwhile = () =>
  new AppError(409, "The card's charges changed while the statement was imported; nothing was imported. Try again.");

/** The line breaks of a text: at least its records past the header, counted without parsing it. */
function lineBreaks(text: string): number {
  const count = (mark: string) => {
    let n = 0;
    for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) n++;
    return n;
  };
  // A file of old Macs ends its lines with CR alone.
  return count("\n") || count("\r");
}

function overAllowance(lines: number, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const most = STATEMENT_CHARGES_PER_MINUTE.toLocaleString("en-US");
  return new AppError(
    429,
    `This statement's ${lines.toLocaleString("en-US")} line${lines === 1 ? "" : "s"} would take this account past the ${most} charges it may import in a minute; it fits in ${seconds} seconds.`,
    { retryAfterSeconds: seconds },
  );
}

/**
 * Reads a card's statement (CSV) and says what each line is: a duplicate of an earlier import,
 * a charge that spends an approved request (same card and amount, on or up to 30 days after the
 * day it was asked for; an entered charge of that request is reconciled with the line), or an
 * unmatched charge to follow up. Needs change on page 47.
 *
 * With `write`, imports it: every new line, audited, all or nothing. The file is read and
 * checked before any database work, and an account past its allowance of charges imported
 * (STATEMENT_CHARGES_PER_MINUTE) is refused (429) then. The lines are matched outside the
 * write; the write's transaction locks the card, reads again what the card holds (matching
 * again only if an import or an entered charge came since) and writes in a bounded number of
 * statements, so it holds a connection briefly whatever the statement's size. The card's lock
 * (`for update`) conflicts with the key-share lock every insert of a charge takes on its card,
 * so what it reads again stays true until it commits: another import of the card, or a charge
 * being entered on it, commits first and is seen, or waits (and a charge entered for a request
 * the import spent is then refused by the request's unique index). No duplicate, no request
 * spent twice.
 */
export async function importStatement(
  db: Kysely<DB>,
  actor: Actor,
  file: StatementFile,
  write: boolean,
  { allowance, step = (_kind, work) => work() }: ImportOptions = {},
): Promise<StatementAnswer> {
  requireAccess(actor, tblCC.access.change, "change", "credit cards");
  // Taken before the file is read, by its line breaks (as many as its lines, or more): an
  // account past its allowance costs no parsing either. What the lines do not use is given back.
  const most = Math.min(lineBreaks(file.csv), STATEMENT_MAX_LINES);
  const taken = write ? allowance?.take(actorEmpID(actor) ?? 0, most) : undefined;
  if (taken && !taken.ok) throw overAllowance(most, taken.retryAfterMs);
  let written = 0;
  let lines: StatementLine[] = [];
  try {
    lines = await readLines(file.csv);
    const references = referencesOf(lines);
    const plan = await step("read", async () => {
      const card = await db.selectFrom("tblCC").select("ccLastFour").where("ccID", "=", file.ccID).executeTakeFirst();
      if (!card) throw noCard(file.ccID);
      checkCard(lines, card.ccLastFour);
      return planOf(lines, references, await holdingsOf(db, file.ccID, lines, references));
    });
    if (!write) return answerOf(plan, null);
    const answer = await step("write", () =>
      lendingBetween(IMPORT_WRITES, () =>
        db.transaction().execute(async (tx) => {
          const card = await tx
            .selectFrom("tblCC")
            .select("ccID")
            .where("ccID", "=", file.ccID)
            .forUpdate()
            .executeTakeFirst();
          if (!card) throw noCard(file.ccID);
          const now = await holdingsOf(tx, file.ccID, lines, references);
          const final = sameHoldings(now, plan.holdings) ? plan : planOf(lines, references, now);
          const imported = answerOf(final, await writePlan(tx, actor, file, final));
          // Many new charges on one card: the planner's statistics of the charges are refreshed
          // with them, in the same transaction (an analyze sent after it waits behind the next
          // import, whose look-up, planned on a card the statistics think empty, probes every
          // charge of the card for each reference: 5 s a statement on PGlite, which has no
          // autovacuum; docs/decisions.md).
          if (imported.counts.matched + imported.counts.unmatched >= ANALYZE_AFTER_CHARGES) {
            await sql`analyze "tblCCCharge"`.execute(tx);
          }
          return imported;
        }),
      ),
    );
    written = answer.counts.matched + answer.counts.unmatched;
    return answer;
  } finally {
    // Only what was written counts: duplicates, and an import that failed, are given back.
    if (taken?.ok) taken.giveBack(most - written);
  }
}
