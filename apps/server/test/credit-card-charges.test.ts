import { randomUUID } from "node:crypto";
import { MESSAGES, OPERATIONS } from "@office/core";
import { beforeAll, describe, expect, it } from "vitest";
import { cardCalls, cardOf, employeeWithLogin } from "./support/cards.js";
import { useTestApp } from "./support/context.js";
import { countOf, empIDOf } from "./support/db.js";
import { ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";
import { form, PDF, PNG } from "./support/multipart.js";

const CODE_REFUSED = MESSAGES.approvalCode("Approval Code");

/*
 * Issue 20: a charge entered with its approval code, and a card's statement imported from the
 * bank's CSV (previewed, matched, idempotent, refused whole when it cannot be read), on both engines.
 */
describe.each(ENGINES)("card charges and statements on $name", (engine) => {
  const t = useTestApp(engine);
  const { as, ask, decide } = cardCalls(t);
  let card: number;
  /** An approved request of the spender on the card, and its code. */
  async function approved(amount: string): Promise<{ id: number; code: string }> {
    const asked = (await ask("Spender", card, amount)).json();
    const decided = await decide("staff", asked.ccPermissionID, {
      step: "cardUse",
      decision: "approve",
      version: 1,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const mine = (await as("Spender").operation(OPERATIONS.myCardRequests)).json().data;
    const code = mine.find((r: { ccPermissionID: number }) => r.ccPermissionID === asked.ccPermissionID)
      .ccPermissionApprovalCode as string;
    return { id: asked.ccPermissionID, code };
  }
  const enter = (name: string, code: string, amount: unknown = "40.00", extra: object = {}) =>
    as(name).operation(OPERATIONS.enterCharge, {
      code,
      ccChargeDate: "2026-11-20",
      ccChargeAmount: amount,
      ccChargeMerchant: "Hardware store",
      ...extra,
    });
  const statement = (csv: string, preview: boolean, ccID = card) =>
    t.admin.operation(OPERATIONS.importStatement, { ccID, fileName: "nov.csv", csv, preview });

  beforeAll(async () => {
    const staff = await empIDOf(t.db, "staff");
    await employeeWithLogin(t.db, "Spender", staff);
    await employeeWithLogin(t.db, "Other", staff);
    card = await cardOf(t.db, staff, "100000.00", "4218");
  });

  describe("a charge entered with its approval code", () => {
    it("takes the spender's own unused code once, and refuses a wrong, used or other person's code", async () => {
      const { id, code } = await approved("50.00");
      const validate = async (name: string, value: string) =>
        (await as(name).operation(OPERATIONS.validateApprovalCode, { code: value })).json().valid;
      expect(await validate("Spender", code)).toBe(true);
      expect(await validate("Spender", code.toLowerCase())).toBe(true);
      expect(await validate("Other", code)).toBe(false);
      expect(await validate("Spender", "ZZZZZZZZ")).toBe(false);

      const before = await countOf(t.db, "tblCCCharge");
      expect(expectError(await enter("Other", code), 400).fieldErrors?.code).toBe(CODE_REFUSED);
      expect(expectError(await enter("Spender", "WRONG123"), 400).message).toBe(CODE_REFUSED);
      expect(expectError(await enter("Spender", code, "50.01"), 400).fieldErrors?.ccChargeAmount).toBe(
        "Amount is more than the $50.00 approved",
      );
      for (const amount of ["0", "-5", "1.234", "ten"]) expectError(await enter("Spender", code, amount), 400);
      expectError(await enter("Spender", code, "40.00", { ccChargeDate: "2026-02-30" }), 400);
      expect(await countOf(t.db, "tblCCCharge")).toBe(before);

      const entered = await enter("Spender", code, "40.00");
      expect(entered.statusCode, entered.body).toBe(200);
      expect(entered.json()).toMatchObject({
        ccPermissionID: id,
        ccChargeAmount: "40.00",
        ccChargeSource: "entered",
        ccID: card,
      });
      expect(expectError(await enter("Spender", code, "1.00"), 400).message).toBe(CODE_REFUSED); // used
      expect(await validate("Spender", code)).toBe(false);
    });
  });

  describe("a statement imported from the bank's CSV", () => {
    it("previews without writing, imports in one go, matches approved requests, and skips what it already holds", async () => {
      const { id } = await approved("123.45");
      const today = new Date().toISOString().slice(0, 10);
      const [y, m, d] = today.split("-");
      const usToday = `${m}/${d}/${y}`;
      const csv = [
        "\uFEFFTransaction Date,Description,Amount,Reference",
        `${usToday},Lumber yard,123.45,REF-1`,
        `${usToday},"=HYPERLINK(""http://evil.example"",""x"")",19.99,REF-2`,
        `${today},Coffee,4.50,`,
        `${today},Coffee,4.50,`,
      ].join("\r\n");
      const before = await countOf(t.db, "tblCCCharge");
      const preview = await statement(csv, true);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().counts).toEqual({ lines: 4, matched: 1, unmatched: 3, duplicate: 0 });
      expect(preview.json().lines[0]).toMatchObject({ line: 2, fate: "matched", ccPermissionID: id, amount: "123.45" });
      expect(await countOf(t.db, "tblCCCharge")).toBe(before);

      const imported = await statement(csv, false);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().ccStatementID).toBeGreaterThan(0);
      expect(await countOf(t.db, "tblCCCharge")).toBe(before + 4);
      const formula = await t.db
        .selectFrom("tblCCCharge")
        .select(["ccChargeMerchant", "ccPermissionID"])
        .where("ccChargeBankRef", "=", "bank:REF-2")
        .executeTakeFirstOrThrow();
      // Kept as the text it is: an export writes it as text, never as a formula.
      expect(formula).toEqual({ ccChargeMerchant: '=HYPERLINK("http://evil.example","x")', ccPermissionID: null });

      const again = await statement(csv, false);
      expect(again.json().counts).toEqual({ lines: 4, matched: 0, unmatched: 0, duplicate: 4 });
      expect(await countOf(t.db, "tblCCCharge")).toBe(before + 4);
      const audits = await t.db
        .selectFrom("auditLog")
        .select("tableName")
        .where("tableName", "in", ["tblCCStatement", "tblCCCharge"])
        .execute();
      expect(audits.filter((a) => a.tableName === "tblCCStatement")).toHaveLength(2);
    });

    it("refuses a file it cannot read whole, and writes nothing", async () => {
      const before = await countOf(t.db, "tblCCCharge");
      const statementsBefore = await countOf(t.db, "tblCCStatement");
      const cases: Array<[string, string, RegExp]> = [
        ["missing columns", "Date,Memo\n11/02/2026,Hotel", /no Amount, Description column/],
        ["a wrong date", "Date,Description,Amount\n11/31/2026,Hotel,25.00", /Line 2: "11\/31\/2026" is not a date/],
        ["a wrong amount", "Date,Description,Amount\n11/02/2026,Hotel,25.001", /Line 2: "25.001" is not an amount/],
        ["another card", "Date,Description,Amount,Card\n11/02/2026,Hotel,25.00,xxxx9999", /is not this card/],
        ["no lines", "Date,Description,Amount\n", /no lines/],
        [
          "50,000 lines",
          `Date,Description,Amount\n${"11/02/2026,Hotel,1.00\n".repeat(50_000)}`,
          /more than 10,000 lines/,
        ],
        ["not CSV", 'Date,Description,Amount\n"11/02/2026,Hotel', /not a CSV file/],
      ];
      for (const [what, csv, message] of cases) {
        const body = expectError(await statement(csv, false), 400);
        expect(body.message, what).toMatch(message);
      }
      expectError(await statement("Date,Description,Amount\n11/02/2026,Hotel,1.00", false, 2_000_000_000), 404);
      expectError(
        await as("Spender").operation(OPERATIONS.importStatement, {
          ccID: card,
          csv: "Date,Description,Amount\n11/02/2026,Hotel,1.00",
          preview: true,
        }),
        403,
      );
      expect(await countOf(t.db, "tblCCCharge")).toBe(before);
      expect(await countOf(t.db, "tblCCStatement")).toBe(statementsBefore);
    });
  });

  describe("the report's totals", () => {
    it("sums amounts exactly, as decimal text, by card, employee, project and month", async () => {
      const staff = await empIDOf(t.db, "staff");
      const other = await cardOf(t.db, staff, "1000.00", "7777");
      const charge = (ccChargeDate: string, ccChargeAmount: string, ccChargeMerchant: string) =>
        t.db
          .insertInto("tblCCCharge")
          .values({ ccID: other, ccChargeDate, ccChargeAmount, ccChargeMerchant, ccChargeSource: "statement" })
          .execute();
      // 0.1 + 0.2 is not 0.3 in floating point; in the report it is.
      await charge("2026-10-03", "0.10", "A");
      await charge("2026-10-04", "0.20", "B");
      await charge("2026-11-05", "999999999.99", "C");
      const totals = async (by: string) => {
        const response = await t.admin.inject({
          method: "GET",
          url: "/API/Totals/",
          query: { table: "vwCardCharges", by, where: `ccID = ${other}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      };
      const byMonth = await totals("ccChargeMonth");
      expect(byMonth.data).toEqual([
        { key: "2026-10", label: "2026-10", count: 2, total: "0.30" },
        { key: "2026-11", label: "2026-11", count: 1, total: "999999999.99" },
      ]);
      expect(byMonth.meta).toEqual({ TotalRecords: 2, count: 3, total: "1000000000.29" });
      expect((await totals("ccID")).data).toEqual([
        { key: other, label: "Test card ••7777", count: 3, total: "1000000000.29" },
      ]);
      // The cards' list: this month's charges beside the month's commitments.
      const fresh = await cardOf(t.db, staff, "1000.00", "8888");
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      for (const [ccChargeDate, ccChargeAmount] of [
        [day(0), "10.10"],
        [day(0), "0.20"],
        [day(40), "500.00"], // a month before
      ] as const) {
        await t.db
          .insertInto("tblCCCharge")
          .values({ ccID: fresh, ccChargeDate, ccChargeAmount, ccChargeMerchant: "D", ccChargeSource: "statement" })
          .execute();
      }
      const listed = await t.admin.query({ table: "vwCardList", where: `ccID = ${fresh}` });
      expect(listed.json().data[0]).toMatchObject({ ccMonthCharged: "10.30", ccMonthCommitted: "0.00" });
      // The notes' totals stay numbers (minutes).
      const notes = await t.admin.call("GET", "/API/Totals/?table=vwProjectNoteSearch&by=empID&where=empID%20%3D%201");
      expect(typeof notes.json().meta.total).toBe("number");
      expectError(await as("Spender").call("GET", `/API/Totals/?table=vwCardCharges&by=ccID`), 403);
    });
  });

  describe("receipts on time", () => {
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    /** A charge of the spender's on the card, made as a statement's line is. */
    const charge = async (amount: string, date: string) => {
      const spender = await empIDOf(t.db, "spender");
      return (
        await t.db
          .insertInto("tblCCCharge")
          .values({
            ccID: card,
            empID: spender,
            ccChargeDate: date,
            ccChargeAmount: amount,
            ccChargeMerchant: "Hotel",
            ccChargeSource: "statement",
          })
          .returning("ccChargeID")
          .executeTakeFirstOrThrow()
      ).ccChargeID;
    };
    const missing = async (name: string) =>
      (
        (await as(name).operation(OPERATIONS.missingReceipts)).json().data as Array<{
          ccChargeID: number;
        }>
      ).map((r) => r.ccChargeID);
    const upload = (name: string, chargeID: number, file: { name: string; content: Buffer }) =>
      as(name).inject({
        method: "POST",
        url: "/API/Upload/",
        ...form({ table: "tblCCCharge", key: String(chargeID) }, file),
      });

    it("keeps the company's rule: the default, an administrator's change (audited), nobody else's", async () => {
      const rule = async () => (await as("Spender").operation(OPERATIONS.receiptRule)).json();
      expect(await rule()).toEqual({ minAmount: "75.00", days: 7 });
      const put = (name: string, values: Record<string, unknown>) =>
        as(name).operation(OPERATIONS.changeSetting, { key: "receiptRule", values });
      expectError(await put("staff", { minAmount: "50", days: 3 }), 403);
      for (const bad of [
        { minAmount: "abc", days: 3 },
        { minAmount: "50", days: -1 },
        { minAmount: "50", days: 400 },
      ]) {
        expectError(await put("admin", bad), 400);
      }
      expect(await rule()).toEqual({ minAmount: "75.00", days: 7 });
      expect((await put("admin", { minAmount: "50", days: 3 })).json()).toEqual({
        key: "receiptRule",
        values: { minAmount: "50", days: 3 },
        version: 1,
      });
      expect(await rule()).toEqual({ minAmount: "50", days: 3 });
      const trail = await t.db.selectFrom("auditLog").selectAll().where("tableName", "=", "appSetting").execute();
      expect(trail.map((a) => a.action)).toEqual(["insert"]);
      expect(await put("admin", { minAmount: "75.00", days: 7 })).toHaveProperty("statusCode", 200);
    });

    it("lists a charge past the rule without a receipt to its spender and holder, until the spender attaches one", async () => {
      const staff = await empIDOf(t.db, "staff");
      const due = await charge("120.00", old);
      const small = await charge("20.00", old);
      const recent = await charge("120.00", new Date().toISOString().slice(0, 10));
      for (const name of ["Spender", "staff"]) {
        const listed = await missing(name);
        expect(listed, name).toContain(due);
        expect(listed, name).not.toContain(small);
        expect(listed, name).not.toContain(recent);
      }
      expect(await missing("Other")).not.toContain(due);
      expect(staff).toBeGreaterThan(0);
      // Home asks only how many (rowLimit=0); a page asks for its first rows; the limit is checked.
      const answer = async (name: string, query = "") =>
        (await as(name).call("GET", `/API/CreditCard/MissingReceipts${query}`)).json() as {
          data: Array<{ ccChargeID: number }>;
          meta: { TotalRecords: number };
        };
      for (const name of ["Spender", "staff", "Other"]) {
        const all = await answer(name);
        expect(await answer(name, "?rowLimit=0"), name).toEqual({ data: [], meta: all.meta });
        expect((await answer(name, "?rowLimit=1")).data, name).toEqual(all.data.slice(0, 1));
      }
      for (const limit of ["101", "-1", "x", "1.5", "", "%20"]) {
        expectError(await as("staff").call("GET", `/API/CreditCard/MissingReceipts?rowLimit=${limit}`), 400);
      }

      expectError(await upload("Other", due, { name: "receipt.pdf", content: PDF }), 404); // not theirs
      expectError(await upload("Spender", due, { name: "receipt.exe", content: Buffer.from("MZ\x90\x00") }), 415);
      expect((await upload("Spender", due, { name: "receipt.pdf", content: PDF })).statusCode).toBe(200);
      expect(await missing("staff")).not.toContain(due);
      // The card's holder keeps its receipts too: staff attaches one to the spender's charge.
      const another = await charge("130.00", old);
      const hotel = { name: "hotel.pdf", content: PDF };
      expectError(await upload("Other", another, hotel), 404);
      expect(await missing("Spender")).toContain(another);
      expect((await upload("staff", another, hotel)).statusCode).toBe(200);
      expect(await missing("Spender")).not.toContain(another);
      // A receipt is a file, not a change of the charge: the data service writes no column of it.
      expectError(await t.admin.update("tblCCCharge", `ccChargeID = ${due}`, { ccChargeAmount: "1.00" }), 400);
    });

    it("counts as a receipt only a non-empty image or PDF: a text, a spreadsheet or a CSV leaves the charge missing one", async () => {
      const due = await charge("140.00", old);
      const hasReceipt = async () =>
        (await t.admin.query({ table: "vwCardCharges", fields: "hasReceipt", where: `ccChargeID = ${due}` })).json()
          .data[0].hasReceipt;
      // An empty file is refused outright; these are stored, and attached, but are no receipts.
      expectError(await upload("Spender", due, { name: "receipt.txt", content: Buffer.alloc(0) }), 400);
      for (const file of [
        { name: "receipt.txt", content: Buffer.from("Hotel, two nights") },
        { name: "receipt.csv", content: Buffer.from("date,amount\n2026-11-20,140.00\n") },
        { name: "receipt.xlsx", content: Buffer.from("PK\x03\x04 not a workbook") },
      ]) {
        expect((await upload("Spender", due, file)).statusCode, file.name).toBe(200);
        expect(await missing("Spender"), file.name).toContain(due);
        expect(await hasReceipt(), file.name).toBe(0);
      }
      // A PDF recorded empty (stored before empty files were refused) is none either.
      await t.db
        .insertInto("upload")
        .values({
          uploadID: randomUUID(),
          tableName: "tblCCCharge",
          recordKey: String(due),
          fileName: "empty.pdf",
          contentType: "application/pdf",
          size: 0,
          sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
          empID: null,
        })
        .execute();
      expect(await missing("Spender")).toContain(due);
      // A photo of the receipt is one.
      expect((await upload("Spender", due, { name: "receipt.png", content: PNG })).statusCode).toBe(200);
      expect(await missing("Spender")).not.toContain(due);
      expect(await hasReceipt()).toBe(1);
    });
  });
});
