import { createHash } from "node:crypto";
import { Random } from "./random.js";

/*
 * The demo company's credit cards (issue 20): cards held by the administrator and the
 * department heads, and two months of requests to use them by the holders' teams, in every
 * state: waiting for the holder, approved, denied, over the month's limit and waiting for an
 * over-limit approver or decided there; statements with receipts attached to most of the
 * charges that spent a request. A generator of its own, so the rest of the company
 * stays as it was; `scale` multiplies the cards and so the requests.
 */

type Row = Record<string, string | number | null>;

const CARDS_AT_SCALE_1 = 24;
const CARD_NAMES = ["Operations Amex", "Purchasing Visa", "Travel Mastercard", "Site Supplies Visa", "Fleet Card"];
const LIMITS = ["2500.00", "5000.00", "7500.00", "10000.00", "15000.00", "25000.00"];
const PURPOSES = [
  "Lumber for the site mock-up",
  "Client lunch after the walkthrough",
  "Hotel for the inspection trip",
  "Replacement drill batteries",
  "Permit fees",
  "Printer toner and paper",
  "Safety vests and hard hats",
  "Rental truck for the weekend move",
  "Software subscription renewal",
  "Conference registration",
  "Fuel for the site trucks",
  "Courier for signed drawings",
];
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const DAY_MS = 86_400_000;
const [PENDING, APPROVED, DENIED] = [0, 1, 2];

export interface DemoCards {
  cards: Row[];
  requests: Row[];
  statements: Row[];
  charges: Row[];
  /** The receipts attached to charges: their `upload` rows (the file is RECEIPT_PDF). */
  receipts: Row[];
}

/** Every demo receipt's file: a small PDF. */
export const RECEIPT_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Office demo receipt\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
const RECEIPT_SHA256 = createHash("sha256").update(RECEIPT_PDF).digest("hex");

const MERCHANTS = [
  "Home Depot",
  "Marriott",
  "Shell",
  "Staples",
  "Grainger",
  "Delta Air Lines",
  "FedEx Office",
  "Panera",
];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Each employee's team (everyone under them), from the manager column. */
function teams(employees: readonly Row[]): Map<number, number[]> {
  const reports = new Map<number, number[]>();
  for (const e of employees) {
    const manager = e.empManagerID as number | null;
    if (manager !== null) reports.set(manager, [...(reports.get(manager) ?? []), e.empID as number]);
  }
  const under = (empID: number, seen = new Set<number>()): number[] => {
    const found: number[] = [];
    for (const report of reports.get(empID) ?? []) {
      if (seen.has(report)) continue;
      seen.add(report);
      found.push(report, ...under(report, seen));
    }
    return found;
  };
  return new Map(employees.map((e) => [e.empID as number, under(e.empID as number)]));
}

export function demoCards(scale: number, anchor: Date, employees: readonly Row[], projectCount: number): DemoCards {
  const random = new Random(20_261_126);
  const active = new Set(employees.filter((e) => e.empActive === 1).map((e) => e.empID as number));
  const team = teams(employees);
  // Holders: the administrator (card 1), staff (card 2, a department head), then every manager in turn.
  const managers = [...team.entries()]
    .filter(([id, members]) => active.has(id) && members.length > 0)
    .map(([id]) => id);
  // Not noperm (3): a colleague without permissions holds no card, and their inbox stays empty.
  const holders = [1, 2, ...managers.filter((id) => id > 3)];
  const monthStart = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), 1);
  const lastMonthStart = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() - 1, 1);
  const now = anchor.getTime();

  const cards: Row[] = [];
  const requests: Row[] = [];
  const statements: Row[] = [];
  const charges: Row[] = [];
  const receipts: Row[] = [];
  const cardCount = Math.max(2, Math.round(CARDS_AT_SCALE_1 * scale));
  for (let ccID = 1; ccID <= cardCount; ccID++) {
    const holder = holders[(ccID - 1) % holders.length] as number;
    const limit = random.pick(LIMITS);
    cards.push({
      ccID,
      empID: holder,
      ccName: CARD_NAMES[(ccID - 1) % CARD_NAMES.length] as string,
      ccLastFour: String(1000 + ((ccID * 7919) % 9000)),
      ccStatus: ccID <= 2 || random.chance(0.9) ? 1 : random.pick([0, 2]),
      ccMonthlyLimit: limit,
      createdTS: new Date(lastMonthStart - (30 + ccID) * DAY_MS).toISOString(),
    });
    const askers = [holder, ...(team.get(holder) ?? [])].filter((id) => active.has(id) && id !== 3);
    for (const [start, end] of [
      [lastMonthStart, monthStart],
      [monthStart, now],
    ] as const) {
      let committedCents = 0;
      // The month's statement: the requests spent in it, and now and then a charge no request covers.
      const lines: Array<{ at: number; amount: string; request: Row | null }> = [];
      const count = end > start ? random.int(3, 9) : 0;
      const times = Array.from({ length: count }, () => start + random.int(0, Math.max(0, end - start - DAY_MS)))
        .map((t) => t - (t % 60_000))
        .sort((a, b) => a - b);
      for (const at of times) {
        const empID = random.pick(askers);
        // Mostly everyday purchases; now and then one that takes a card over its month.
        const cents = (random.chance(0.12) ? random.int(800, 6000) : random.int(12, 900)) * 100 + random.int(0, 99);
        const overLimit = committedCents + cents > Number(limit) * 100;
        const settled = at < monthStart || random.chance(0.6);
        const used = empID === holder ? APPROVED : settled ? (random.chance(0.85) ? APPROVED : DENIED) : PENDING;
        const over = !overLimit
          ? APPROVED
          : used !== APPROVED
            ? PENDING
            : settled
              ? random.chance(0.7)
                ? APPROVED
                : DENIED
              : PENDING;
        if (used !== DENIED && over !== DENIED) committedCents += cents;
        const approved = used === APPROVED && over === APPROVED;
        const decided = (offset: number) => new Date(Math.min(now, at + offset)).toISOString();
        const request: Row = {
          ccPermissionID: requests.length + 1,
          ccID,
          empID,
          projectID: random.chance(0.7) ? random.int(1, projectCount) : null,
          ccPermissionPurpose: random.pick(PURPOSES),
          ccPermissionAmount: (cents / 100).toFixed(2),
          ccPermissionOverLimit: overLimit ? 1 : 0,
          ccPermissionRequestedTS: new Date(at).toISOString(),
          ccPermissionCCUsedApprovalStatus: used,
          ccPermissionUsedDecidedBy: used !== PENDING && empID !== holder ? holder : null,
          ccPermissionUsedDecidedTS: used !== PENDING ? decided(3_600_000) : null,
          ccPermissionUsedReason:
            empID === holder ? "Card holder" : used === DENIED ? "Not in this month's budget" : null,
          ccPermissionOverLimitApprovalStatus: over,
          ccPermissionOverLimitDecidedBy: overLimit && over !== PENDING ? 1 : null,
          ccPermissionOverLimitDecidedTS: overLimit && over !== PENDING ? decided(7_200_000) : null,
          ccPermissionOverLimitReason: overLimit && over === DENIED ? "Over the card's limit this month" : null,
          ccPermissionApprovalCode: approved ? code(random) : null,
          ccPermissionCodeUsedTS: approved && at < monthStart ? decided(DAY_MS) : null,
          ccPermissionVersion:
            1 + (used !== PENDING && empID !== holder ? 1 : 0) + (overLimit && over !== PENDING ? 1 : 0),
        };
        requests.push(request);
        // Last month's approved requests were spent (their codes are used): a few days later, for their amount.
        if (request.ccPermissionCodeUsedTS) {
          lines.push({
            at: Math.min(now - DAY_MS, at + random.int(0, 4) * DAY_MS),
            amount: request.ccPermissionAmount as string,
            request,
          });
        }
      }
      for (let k = random.int(0, 2); k > 0 && end - start > DAY_MS; k--) {
        const cents = random.int(5, 300) * 100 + random.int(0, 99);
        lines.push({
          at: start + random.int(0, end - start - DAY_MS),
          amount: (cents / 100).toFixed(2),
          request: null,
        });
      }
      if (lines.length === 0) continue;
      const ccStatementID = statements.length + 1;
      const dates = lines.map((line) => line.at).sort((a, b) => a - b);
      statements.push({
        ccStatementID,
        ccID,
        fileName: `statement-${day(start).slice(0, 7)}.csv`,
        lineCount: lines.length,
        importedCount: lines.length,
        firstDate: day(dates[0] as number),
        lastDate: day(dates[dates.length - 1] as number),
        empID: 1,
        createdTS: new Date(Math.min(now, end)).toISOString(),
      });
      for (const [n, line] of lines.entries()) {
        const ccChargeID = charges.length + 1;
        // Most spenders keep their receipts; some do not, and the inbox reminds them.
        if (line.request && random.chance(0.8)) {
          receipts.push({
            uploadID: `00000000-0000-4000-8000-${String(receipts.length + 1).padStart(12, "0")}`,
            tableName: "tblCCCharge",
            recordKey: String(ccChargeID),
            fileName: `receipt-${ccChargeID}.pdf`,
            contentType: "application/pdf",
            size: RECEIPT_PDF.length,
            sha256: RECEIPT_SHA256,
            empID: line.request.empID as number,
            createdTS: new Date(Math.min(now, line.at + DAY_MS)).toISOString(),
          });
        }
        charges.push({
          ccChargeID,
          ccID,
          empID: (line.request?.empID as number | undefined) ?? null,
          ccPermissionID: (line.request?.ccPermissionID as number | undefined) ?? null,
          projectID: (line.request?.projectID as number | null | undefined) ?? null,
          ccChargeDate: day(line.at),
          ccChargeAmount: line.amount,
          ccChargeMerchant: random.pick(MERCHANTS),
          ccChargeSource: "statement",
          ccStatementID,
          ccChargeBankRef: `bank:DEMO-${ccStatementID}-${n + 1}`,
        });
      }
    }
  }
  // Every state in the demo: at least one request over the limit waits for page 45 after its
  // holder's approval (the last one still waiting for its holder is moved on, if none does).
  const atPage45 = (r: Row) =>
    r.ccPermissionOverLimit === 1 &&
    r.ccPermissionCCUsedApprovalStatus === APPROVED &&
    r.ccPermissionOverLimitApprovalStatus === PENDING;
  const waiting = requests.findLast(
    (r) => r.ccPermissionOverLimit === 1 && r.ccPermissionCCUsedApprovalStatus === PENDING,
  );
  if (!requests.some(atPage45) && waiting) {
    waiting.ccPermissionCCUsedApprovalStatus = APPROVED;
    waiting.ccPermissionUsedDecidedBy = cards.find((c) => c.ccID === waiting.ccID)?.empID ?? null;
    waiting.ccPermissionUsedDecidedTS = new Date(
      Math.min(now, Date.parse(String(waiting.ccPermissionRequestedTS)) + 3_600_000),
    ).toISOString();
    waiting.ccPermissionVersion = (waiting.ccPermissionVersion as number) + 1;
  }
  return { cards, requests, statements, charges, receipts };
}

function code(random: Random): string {
  let text = "";
  for (let i = 0; i < 8; i++) text += random.pick([...CODE_ALPHABET]);
  return text;
}
