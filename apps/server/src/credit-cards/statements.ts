import {
  MATCH_DAYS,
  STATEMENT_MAX_LINES,
  type StatementLine,
  statementColumns,
  statementLine,
  tblCC,
  tblCCCharge,
  tblCCStatement,
} from "@office/core";
import { parse } from "csv-parse/sync";
import { type Kysely, sql } from "kysely";
import { type Actor, actorEmpID, requireAccess } from "../data/actor.js";
import { audit } from "../data/audit.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";

/** How many lines a preview lists (its counts cover them all). */
const PREVIEW_SHOWN = 500;
/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;
/** How many unreadable lines a refusal names. */
const ERRORS_NAMED = 5;

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

/** The statement's lines, read and checked; refuses (400) a file that cannot be read as a whole. */
function readLines(csv: string, lastFour: string): StatementLine[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to_line: STATEMENT_MAX_LINES + 2,
    });
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
  for (const [i, record] of rows.entries()) {
    const line = statementLine(record, columns, i + 2);
    if (typeof line === "string") errors.push(line);
    else if (line.card && line.card.replace(/\D/g, "").slice(-4) !== lastFour)
      errors.push(`Line ${line.line}: the card ${line.card.slice(0, 30)} is not this card (••${lastFour}).`);
    else lines.push(line);
  }
  if (errors.length) {
    const more = errors.length > ERRORS_NAMED ? ` And ${errors.length - ERRORS_NAMED} more.` : "";
    throw AppError.badRequest(
      `${errors.length} line${errors.length === 1 ? "" : "s"} of the statement cannot be read; nothing was imported. ${errors
        .slice(0, ERRORS_NAMED)
        .join(" ")}${more}`,
    );
  }
  return lines;
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

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Reads a card's statement (CSV) and says what each line is: a duplicate of an earlier import,
 * a charge that spends an approved request (same card and amount, on or up to 30 days after the
 * day it was asked for; an entered charge of that request is reconciled with the line), or an
 * unmatched charge to follow up. With `write`, imports it: every new line, in one transaction,
 * audited; without, only previews. Needs change on page 47.
 */
export async function importStatement(
  db: Kysely<DB>,
  actor: Actor,
  file: StatementFile,
  write: boolean,
): Promise<StatementAnswer> {
  requireAccess(actor, tblCC.access.change, "change", "credit cards");
  const run = async (tx: Kysely<DB>): Promise<StatementAnswer> => {
    const card = await tx
      .selectFrom("tblCC")
      .select(["ccID", "ccLastFour"])
      .where("ccID", "=", file.ccID)
      .$call((q) => (write ? q.forUpdate() : q))
      .executeTakeFirst();
    if (!card) throw new AppError(404, `There is no credit card with the id ${file.ccID}.`);
    const lines = readLines(file.csv, card.ccLastFour);
    const references = referencesOf(lines);
    const known = new Set(
      (
        await tx
          .selectFrom("tblCCCharge")
          .select("ccChargeBankRef")
          .where("ccID", "=", file.ccID)
          .where("ccChargeBankRef", "in", references)
          .execute()
      ).map((row) => row.ccChargeBankRef),
    );
    const dates = lines.map((line) => line.date).sort();
    const first = dates[0] as string;
    const last = dates[dates.length - 1] as string;
    const { rows: candidates } = await sql<Candidate>`
      select cp."ccPermissionID", cp."empID", cp."projectID", coalesce(ch."ccChargeAmount", cp."ccPermissionAmount")::text as amount,
        to_char(cp."ccPermissionRequestedTS", 'YYYY-MM-DD') as requested, ch."ccChargeID" as "enteredChargeID"
      from "tblCCPermission" cp left join "tblCCCharge" ch on ch."ccPermissionID" = cp."ccPermissionID"
      where cp."ccID" = ${file.ccID} and cp."ccPermissionCCUsedApprovalStatus" = 1
        and cp."ccPermissionOverLimitApprovalStatus" = 1 and cp."ccPermissionAmount" is not null
        and cp."ccPermissionRequestedTS" >= ${addDays(first, -MATCH_DAYS)}::date
        and cp."ccPermissionRequestedTS" < ${addDays(last, 1)}::date
        and (ch."ccChargeID" is null or ch."ccChargeBankRef" is null)
      order by cp."ccPermissionRequestedTS", cp."ccPermissionID"`.execute(tx);

    // Earliest line first takes the earliest request it agrees with.
    const free = [...candidates];
    const order = lines.map((_, i) => i).sort((a, b) => (lines[a]?.date ?? "").localeCompare(lines[b]?.date ?? ""));
    const fates: PreviewLine[] = new Array(lines.length);
    const matchOf = new Map<number, Candidate>();
    for (const i of order) {
      const line = lines[i] as StatementLine;
      if (known.has(references[i] ?? "")) {
        fates[i] = { ...line, fate: "duplicate", ccPermissionID: null };
        continue;
      }
      const at = free.findIndex(
        (c) => c.amount === line.amount && c.requested <= line.date && line.date <= addDays(c.requested, MATCH_DAYS),
      );
      const match = at >= 0 ? free.splice(at, 1)[0] : undefined;
      if (match) matchOf.set(i, match);
      fates[i] = { ...line, fate: match ? "matched" : "unmatched", ccPermissionID: match?.ccPermissionID ?? null };
    }
    const counts = { lines: lines.length, matched: 0, unmatched: 0, duplicate: 0 };
    for (const fate of fates) counts[fate.fate]++;
    const answer = { counts, lines: fates.slice(0, PREVIEW_SHOWN) };
    if (!write) return { ccStatementID: null, ...answer };

    const statement = await tx
      .insertInto("tblCCStatement")
      .values({
        ccID: file.ccID,
        fileName: file.fileName,
        lineCount: lines.length,
        importedCount: counts.matched + counts.unmatched,
        firstDate: first,
        lastDate: last,
        empID: actorEmpID(actor),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const fresh = fates.flatMap((fate, i) => (fate.fate === "duplicate" ? [] : [{ fate, i }]));
    const reconciled = fresh.filter(({ i }) => matchOf.get(i)?.enteredChargeID);
    const inserted = fresh.filter(({ i }) => !matchOf.get(i)?.enteredChargeID);
    const rows: Array<Record<string, unknown>> = [];
    for (let start = 0; start < inserted.length; start += BATCH) {
      rows.push(
        ...(await tx
          .insertInto("tblCCCharge")
          .values(
            inserted.slice(start, start + BATCH).map(({ fate, i }) => {
              const match = matchOf.get(i);
              return {
                ccID: file.ccID,
                empID: match?.empID ?? null,
                ccPermissionID: match?.ccPermissionID ?? null,
                projectID: match?.projectID ?? null,
                ccChargeDate: fate.date,
                ccChargeAmount: fate.amount,
                ccChargeMerchant: fate.merchant,
                ccChargeSource: "statement" as const,
                ccStatementID: statement.ccStatementID,
                ccChargeBankRef: references[i] ?? null,
              };
            }),
          )
          .returningAll()
          .execute()),
      );
    }
    const changed: Array<{ before: Record<string, unknown>; after: Record<string, unknown> }> = [];
    for (const { i } of reconciled) {
      const chargeID = matchOf.get(i)?.enteredChargeID as number;
      const before = await tx
        .selectFrom("tblCCCharge")
        .selectAll()
        .where("ccChargeID", "=", chargeID)
        .executeTakeFirstOrThrow();
      const after = await tx
        .updateTable("tblCCCharge")
        .set({ ccStatementID: statement.ccStatementID, ccChargeBankRef: references[i] ?? null })
        .where("ccChargeID", "=", chargeID)
        .returningAll()
        .executeTakeFirstOrThrow();
      changed.push({ before, after });
    }
    await audit(tx, actor, "insert", tblCCStatement, [{ after: statement }]);
    for (let start = 0; start < rows.length; start += BATCH) {
      await audit(
        tx,
        actor,
        "insert",
        tblCCCharge,
        rows.slice(start, start + BATCH).map((after) => ({ after })),
      );
    }
    await audit(tx, actor, "update", tblCCCharge, changed);
    return { ccStatementID: statement.ccStatementID, ...answer };
  };
  return write ? db.transaction().execute(run) : run(db);
}
