import {
  OPERATIONS,
  PAGES,
  REQUEST_STATES,
  requestState,
  requestStateWhere,
  STATEMENT_CHARGES_PER_MINUTE,
  STATEMENT_MAX_LINES,
} from "@office/core";
import { type Kysely, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { type ImportStep, importStatement, WRITE_STEP_LINES } from "../src/credit-cards/statements.js";
import { SYSTEM } from "../src/data/actor.js";
import type { DB } from "../src/db/schema.js";
import { cardCalls, cardOf, employeeWithLogin } from "./support/cards.js";
import { useTestApp } from "./support/context.js";
import { countOf, empIDOf, setPermissions } from "./support/db.js";
import { ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";

/*
 * Issue 20: asking to use a company card, the holder's and the over-limit approver's decisions,
 * and the inbox that lists (and counts) what waits for each user, on both engines.
 */
describe.each(ENGINES)("credit card requests on $name", (engine) => {
  const t = useTestApp(engine);
  const { as, ask, decide } = cardCalls(t);
  const ids = new Map<string, number>();
  let staffCard: number;
  let adminCard: number;
  const employee = async (name: string, manager: number | null, active = 1) => {
    ids.set(name, await employeeWithLogin(t.db, name, manager, active));
  };
  const id = (name: string) => ids.get(name) as number;
  const inboxOf = async (name: string) => {
    const response = await as(name).operation(OPERATIONS.cardInbox);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Array<{ ccPermissionID: number; step: string }>; meta: { TotalRecords: number } };
  };
  const countFor = async (name: string) => {
    const response = await as(name).execute("pendingApprovalCount");
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data[0].TotalCount as number;
  };
  const card = (holder: number, limit: string) => cardOf(t.db, holder, limit);
  const request = async (ccID: number, empID: number, states: { used: number; over: number; overLimit?: number }) =>
    (
      await t.db
        .insertInto("tblCCPermission")
        .values({
          ccID,
          empID,
          ccPermissionAmount: "10.00",
          ccPermissionPurpose: "Seeded",
          ccPermissionCCUsedApprovalStatus: states.used,
          ccPermissionOverLimitApprovalStatus: states.over,
          ccPermissionOverLimit: states.overLimit ?? 0,
        })
        .returning("ccPermissionID")
        .executeTakeFirstOrThrow()
    ).ccPermissionID;

  beforeAll(async () => {
    for (const name of ["admin", "staff", "noperm"]) ids.set(name, await empIDOf(t.db, name));
    // Only the requests of this file: the seeded ones are removed.
    await t.db.deleteFrom("tblCCCharge").execute();
    await t.db.deleteFrom("tblCCPermission").execute();
    await t.db
      .updateTable("tblEmployee")
      .set({ empManagerID: id("admin") })
      .where("empID", "=", id("staff"))
      .execute();
    // staff ← Direct ← Indirect ← Third (three levels); staff ← Gone (inactive) ← Below; Outsider under no one.
    await employee("Direct", id("staff"));
    await employee("Indirect", id("Direct"));
    await employee("Third", id("Indirect"));
    await employee("Gone", id("staff"), 0);
    await employee("Below", id("Gone"));
    await employee("Outsider", null);
    staffCard = await card(id("staff"), "1000.00");
    adminCard = await card(id("admin"), "5000.00");
  });

  describe("the team and the manager chain", () => {
    it("is everyone under an employee at any depth, through inactive managers too", async () => {
      const team = async (name: string) =>
        (await sql<{ empID: number }>`select "empID" from "fnTeam"(${id(name)}) order by 1`.execute(t.db)).rows.map(
          (r) => r.empID,
        );
      expect(await team("staff")).toEqual(
        expect.arrayContaining(["Direct", "Indirect", "Third", "Gone", "Below"].map(id)),
      );
      expect(await team("staff")).not.toContain(id("Outsider"));
      expect(await team("staff")).not.toContain(id("staff"));
      expect(await team("Indirect")).toEqual([id("Third")]);
      expect(await team("Outsider")).toEqual([]);
      expect(await team("admin")).toContain(id("Third"));
      // fnInTeam, walking up from the employee, answers as fnTeam does for every pair.
      const names = ["admin", "staff", "Direct", "Indirect", "Third", "Gone", "Below", "Outsider"];
      for (const manager of names) {
        const members = await team(manager);
        for (const employee of names) {
          const { rows } = await sql<{ found: boolean }>`
            select "fnInTeam"(${id(manager)}::integer, ${id(employee)}::integer) as found`.execute(t.db);
          expect(rows[0]?.found, `${employee} in ${manager}'s team`).toBe(members.includes(id(employee)));
        }
      }
    });

    it("refuses a manager that would make the chain loop, and changes nothing", async () => {
      for (const [employeeName, managerName] of [
        ["staff", "Third"],
        ["Direct", "Direct"],
        ["Indirect", "Third"],
      ] as const) {
        const response = await t.admin.update("tblEmployee", `empID = ${id(employeeName)}`, {
          empManagerID: id(managerName),
        });
        const body = expectError(response, 400);
        expect(body.fieldErrors?.empManagerID).toBe("Manager reports to this employee: a manager chain cannot loop");
      }
      const managers = await t.db
        .selectFrom("tblEmployee")
        .select(["empID", "empManagerID"])
        .where("empID", "in", [id("staff"), id("Direct"), id("Indirect")])
        .orderBy("empID")
        .execute();
      expect(managers.map((m) => m.empManagerID)).toEqual([id("admin"), id("staff"), id("Direct")]);
    });
  });

  describe("the inbox and its count", () => {
    it("lists, and counts, what waits for each user: the holder's team, page 45's over-limit, no one's own", async () => {
      await t.db.deleteFrom("tblCCCharge").execute();
      await t.db.deleteFrom("tblCCPermission").execute();
      const waitsForStaff = [
        await request(staffCard, id("Direct"), { used: 0, over: 1 }),
        await request(staffCard, id("Third"), { used: 0, over: 1 }), // three levels down
        await request(staffCard, id("Below"), { used: 0, over: 1 }), // under an inactive manager
        await request(staffCard, id("Indirect"), { used: 0, over: 0, overLimit: 1 }), // over limit: holder first
      ];
      await request(staffCard, id("Gone"), { used: 0, over: 1 }); // an inactive requester waits for no one
      await request(staffCard, id("Outsider"), { used: 0, over: 1 }); // not staff's team
      await request(staffCard, id("Direct"), { used: 1, over: 1 }); // decided
      await request(staffCard, id("Direct"), { used: 2, over: 1 }); // denied
      await request(staffCard, id("staff"), { used: 1, over: 0, overLimit: 1 }); // staff's own: waits for page 45
      const waitsForAdminOverLimit = [
        await request(staffCard, id("Direct"), { used: 1, over: 0, overLimit: 1 }),
        (
          await t.db
            .selectFrom("tblCCPermission")
            .select("ccPermissionID")
            .where("empID", "=", id("staff"))
            .executeTakeFirstOrThrow()
        ).ccPermissionID,
      ];
      // Over the limit, but the holder has not decided yet: it waits for the holder, not page 45.
      waitsForStaff.push(await request(staffCard, id("Direct"), { used: 0, over: 0, overLimit: 1 }));
      await request(staffCard, id("Direct"), { used: 1, over: 2, overLimit: 1 }); // decided over the limit
      const waitsForAdminAsHolder = [await request(adminCard, id("Third"), { used: 0, over: 1 })];
      await request(adminCard, id("admin"), { used: 1, over: 0, overLimit: 1 }); // admin's own: not theirs to decide

      const expectInbox = async (name: string, expected: number[], steps?: Record<number, string>) => {
        const inbox = await inboxOf(name);
        expect(inbox.data.map((r) => r.ccPermissionID).sort((a, b) => a - b)).toEqual(
          [...expected].sort((a, b) => a - b),
        );
        expect(inbox.meta.TotalRecords).toBe(expected.length);
        expect(await countFor(name)).toBe(expected.length);
        for (const row of inbox.data) if (steps) expect(row.step).toBe(steps[row.ccPermissionID]);
      };
      await expectInbox("staff", waitsForStaff);
      await expectInbox(
        "admin",
        [...waitsForAdminOverLimit, ...waitsForAdminAsHolder],
        Object.fromEntries([
          ...waitsForAdminOverLimit.map((r) => [r, "overLimit"]),
          ...waitsForAdminAsHolder.map((r) => [r, "cardUse"]),
        ]),
      );
      await expectInbox("noperm", []);
      await expectInbox("Direct", []); // an employee with no card and no one under them
    });
  });

  describe("asking and deciding", () => {
    it("goes from a request to the holder's approval to the requester's code, refusing stale and repeated decisions", async () => {
      const asked = await ask("Indirect", staffCard, "120.50", { projectID: 1 });
      expect(asked.statusCode, asked.body).toBe(200);
      const made = asked.json();
      expect(made).toMatchObject({
        ccPermissionAmount: "120.50",
        ccPermissionCCUsedApprovalStatus: 0,
        ccPermissionOverLimitApprovalStatus: 1,
        ccPermissionOverLimit: 0,
        ccPermissionApprovalCode: null,
        ccPermissionVersion: 1,
        empID: id("Indirect"),
      });
      const requestID = made.ccPermissionID as number;
      expect((await inboxOf("staff")).data.map((r) => r.ccPermissionID)).toContain(requestID);

      expectError(await decide("Indirect", requestID, { step: "cardUse", decision: "approve", version: 1 }), 403);
      expectError(await decide("Direct", requestID, { step: "cardUse", decision: "approve", version: 1 }), 403);
      expectError(await decide("admin", requestID, { step: "cardUse", decision: "approve", version: 1 }), 403);
      expectError(await decide("staff", requestID, { step: "cardUse", decision: "deny", version: 1 }), 400);
      expectError(await decide("staff", requestID, { step: "cardUse", decision: "approve", version: 2 }), 409);

      const decided = await decide("staff", requestID, { step: "cardUse", decision: "approve", version: 1 });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json()).toMatchObject({ ccPermissionCCUsedApprovalStatus: 1, ccPermissionVersion: 2 });
      expect(decided.json()).not.toHaveProperty("ccPermissionApprovalCode");
      expectError(
        await decide("staff", requestID, { step: "cardUse", decision: "deny", reason: "x", version: 2 }),
        409,
      );
      expect((await inboxOf("staff")).data.map((r) => r.ccPermissionID)).not.toContain(requestID);

      const mine = (await as("Indirect").operation(OPERATIONS.myCardRequests)).json().data;
      const code = mine.find(
        (r: { ccPermissionID: number }) => r.ccPermissionID === requestID,
      ).ccPermissionApprovalCode;
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      const audit = await t.db
        .selectFrom("auditLog")
        .selectAll()
        .where("tableName", "=", "tblCCPermission")
        .where("recordKey", "=", String(requestID))
        .orderBy("auditID")
        .execute();
      expect(audit.map((a) => [a.action, a.empID])).toEqual([
        ["insert", id("Indirect")],
        ["update", id("staff")],
      ]);
      expect(JSON.stringify(audit)).not.toContain(code);
      // Nobody else reads the code, through any call.
      const views = await t.admin.query({
        table: "tblCCPermission",
        where: `ccPermissionID = ${requestID}`,
      });
      expect(JSON.stringify(views.json())).not.toContain(code);
    });

    it("sends a request over the month's limit on to page 45 after the holder, to the cent", async () => {
      await t.db.deleteFrom("tblCCCharge").execute();
      await t.db.deleteFrom("tblCCPermission").execute();
      const amounts = ["600.00", "400.00"];
      for (const amount of amounts) {
        const response = await ask("Direct", staffCard, amount);
        expect(response.json()).toMatchObject({ ccPermissionOverLimit: 0 }); // 1000.00 is within 1000.00
      }
      const over = (await ask("Direct", staffCard, "0.01")).json();
      expect(over).toMatchObject({ ccPermissionOverLimit: 1, ccPermissionOverLimitApprovalStatus: 0 });
      expect((await inboxOf("admin")).data.map((r) => r.ccPermissionID)).not.toContain(over.ccPermissionID);
      await decide("staff", over.ccPermissionID, { step: "cardUse", decision: "approve", version: 1 });
      expect((await inboxOf("admin")).data.find((r) => r.ccPermissionID === over.ccPermissionID)?.step).toBe(
        "overLimit",
      );
      expectError(
        await decide("staff", over.ccPermissionID, { step: "overLimit", decision: "approve", version: 2 }),
        403,
      );
      const approved = await decide("admin", over.ccPermissionID, {
        step: "overLimit",
        decision: "approve",
        reason: "Quarter end",
        version: 2,
      });
      expect(approved.json()).toMatchObject({
        ccPermissionOverLimitApprovalStatus: 1,
        ccPermissionOverLimitReason: "Quarter end",
      });

      // A denied request no longer counts against the month.
      const [first] = await t.db
        .selectFrom("tblCCPermission")
        .select(["ccPermissionID", "ccPermissionVersion"])
        .where("ccPermissionAmount", "=", "600.00")
        .execute();
      if (!first) throw new Error("no 600.00 request");
      await decide("staff", first.ccPermissionID, {
        step: "cardUse",
        decision: "deny",
        reason: "Not this month",
        version: first.ccPermissionVersion,
      });
      expect((await ask("Direct", staffCard, "599.99")).json()).toMatchObject({ ccPermissionOverLimit: 0 });
      expect((await ask("Direct", staffCard, "0.01")).json()).toMatchObject({ ccPermissionOverLimit: 1 });
    });

    it("lets a holder who is an over-limit approver too decide a request over the limit once, for both steps", async () => {
      await t.db.deleteFrom("tblCCCharge").execute();
      await t.db.deleteFrom("tblCCPermission").execute();
      // admin holds the card and page 45; staff is in admin's team.
      const over = (await ask("staff", adminCard, "5000.01")).json();
      expect(over).toMatchObject({ ccPermissionOverLimit: 1, ccPermissionOverLimitApprovalStatus: 0 });
      expect((await inboxOf("admin")).data.filter((r) => r.ccPermissionID === over.ccPermissionID)).toHaveLength(1);
      const decided = await decide("admin", over.ccPermissionID, {
        step: "cardUse",
        decision: "approve",
        reason: "Conference",
        version: 1,
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const row = await t.db
        .selectFrom("tblCCPermission")
        .selectAll()
        .where("ccPermissionID", "=", over.ccPermissionID)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        ccPermissionCCUsedApprovalStatus: 1,
        ccPermissionOverLimitApprovalStatus: 1,
        ccPermissionOverLimitDecidedBy: id("admin"),
        ccPermissionOverLimitReason: "Conference",
        ccPermissionVersion: 2,
      });
      expect(row.ccPermissionApprovalCode).toMatch(/\S/);
      expect((await inboxOf("admin")).data.map((r) => r.ccPermissionID)).not.toContain(over.ccPermissionID);

      // A holder who is no over-limit approver still only decides the card's use.
      const staffOver = (await ask("Direct", staffCard, "1000.01")).json();
      await decide("staff", staffOver.ccPermissionID, { step: "cardUse", decision: "approve", version: 1 });
      const waiting = await t.db
        .selectFrom("tblCCPermission")
        .select(["ccPermissionOverLimitApprovalStatus", "ccPermissionApprovalCode"])
        .where("ccPermissionID", "=", staffOver.ccPermissionID)
        .executeTakeFirstOrThrow();
      expect(waiting).toEqual({ ccPermissionOverLimitApprovalStatus: 0, ccPermissionApprovalCode: null });
    });

    it("says by how much a request in the inbox is over its card's month: what the month asked up to it, past the limit", async () => {
      await t.db.deleteFrom("tblCCCharge").execute();
      await t.db.deleteFrom("tblCCPermission").execute();
      // staff's card allows 1,000.00 a month; a denied request counts for nothing.
      const denied = (await ask("Direct", staffCard, "900.00")).json();
      await decide("staff", denied.ccPermissionID, { step: "cardUse", decision: "deny", reason: "No", version: 1 });
      const within = (await ask("Direct", staffCard, "600.00")).json();
      const over = (await ask("Direct", staffCard, "500.25")).json();
      const later = (await ask("Direct", staffCard, "20.00")).json();
      const shown = new Map((await inboxOf("staff")).data.map((r) => [r.ccPermissionID, r]));
      expect(shown.get(within.ccPermissionID)).toMatchObject({ overLimitBy: null });
      expect(shown.get(over.ccPermissionID)).toMatchObject({ overLimitBy: "100.25" });
      expect(shown.get(later.ccPermissionID)).toMatchObject({ overLimitBy: "120.25" });
    });

    it("finds the requests of each state by its where, as requestState names them, every request in one", async () => {
      await t.db.deleteFrom("tblCCCharge").execute();
      await t.db.deleteFrom("tblCCPermission").execute();
      for (const used of [0, 1, 2]) {
        for (const over of [0, 1, 2]) {
          for (const overLimit of [0, 1]) await request(staffCard, id("Direct"), { used, over, overLimit });
        }
      }
      const fields =
        "ccPermissionID,ccPermissionCCUsedApprovalStatus,ccPermissionOverLimitApprovalStatus,ccPermissionOverLimit";
      const all = (await t.admin.query({ table: "vwCCApprovals", fields })).json().data as Array<
        Parameters<typeof requestState>[0] & { ccPermissionID: number }
      >;
      expect(all).toHaveLength(18);
      const found: number[] = [];
      for (const state of REQUEST_STATES) {
        const answer = await t.admin.query({ table: "vwCCApprovals", fields, where: requestStateWhere(state) });
        expect(answer.statusCode, answer.body).toBe(200);
        const ids = (answer.json().data as Array<{ ccPermissionID: number }>).map((r) => r.ccPermissionID).sort();
        const expected = all.filter((row) => requestState(row) === state).map((r) => r.ccPermissionID);
        expect(ids, state).toEqual(expected.sort());
        found.push(...ids);
      }
      expect(found.sort()).toEqual(all.map((r) => r.ccPermissionID).sort());
    });

    it("offers the active cards of the caller and of the managers above them, and no others", async () => {
      const offered = async (name: string) =>
        ((await as(name).operation(OPERATIONS.cardsToAsk)).json().data as Array<{ ccID: number }>).map((c) => c.ccID);
      expect(await offered("Indirect")).toEqual(expect.arrayContaining([staffCard, adminCard]));
      expect(await offered("Outsider")).not.toContain(staffCard);
      expect(await offered("Outsider")).not.toContain(adminCard);
      await t.db.updateTable("tblCC").set({ ccStatus: 2 }).where("ccID", "=", staffCard).execute();
      expect(await offered("Indirect")).not.toContain(staffCard);
      await t.db.updateTable("tblCC").set({ ccStatus: 1 }).where("ccID", "=", staffCard).execute();
    });

    it("answers bad input with a clear 4xx and writes nothing", async () => {
      const before = await countOf(t.db, "tblCCPermission");
      const cases: Array<[string, unknown, object, number, string?]> = [
        ["zero", "0", {}, 400, "Amount cannot be zero"],
        ["zero with cents", "0.00", {}, 400, "Amount cannot be zero"],
        ["negative", "-5", {}, 400, "Amount is not `currency` format"],
        ["three decimals", "1.234", {}, 400, "Amount is not `currency` format"],
        ["a billion", "1000000000", {}, 400],
        ["1e9", 1e9, {}, 400],
        ["text", "ten dollars", {}, 400, "Amount is not `currency` format"],
        ["no project by that id", "5.00", { projectID: 2_000_000_000 }, 400],
        ["an unknown field", "5.00", { ccPermissionCCUsedApprovalStatus: 1 }, 400],
        ["no purpose", "5.00", { ccPermissionPurpose: "  " }, 400, "Purpose is required"],
      ];
      for (const [what, amount, extra, status, message] of cases) {
        const body = expectError(await ask("Direct", staffCard, amount, extra), status);
        if (message) expect(JSON.stringify(body), what).toContain(message);
      }
      expectError(await ask("Outsider", staffCard, "5.00"), 403); // not under the holder
      expectError(await ask("Direct", adminCard + 1000, "5.00"), 404);
      expectError(
        await as("noperm").operation(OPERATIONS.askToUseCard, {
          ccID: staffCard,
          ccPermissionAmount: "5",
          ccPermissionPurpose: "x",
        }),
        403,
      );
      await t.db.updateTable("tblCC").set({ ccStatus: 2 }).where("ccID", "=", staffCard).execute();
      expectError(await ask("Direct", staffCard, "5.00"), 409);
      await t.db.updateTable("tblCC").set({ ccStatus: 1 }).where("ccID", "=", staffCard).execute();
      expect(await countOf(t.db, "tblCCPermission")).toBe(before);

      // The data service reads requests and never writes them: approving around the rules is not a write it takes
      // (no table its Insert and Update serve).
      expectError(await t.admin.insert("tblCCPermission", { ccID: staffCard, empID: id("Direct") }), 400);
      expectError(
        await t.admin.update("tblCCPermission", "ccPermissionID > 0", { ccPermissionCCUsedApprovalStatus: 1 }),
        400,
      );
      for (const path of ["0", "abc", "1e3", "99999999999"]) {
        expectError(await decide("staff", path, { step: "cardUse", decision: "approve", version: 1 }), 400);
      }
    });
  });
});

/*
 * Issue 32: a statement import in bounded steps (the same few statements whatever its size,
 * what changed since its lines were matched read again in its transaction), dates the database
 * cannot hold refused by line, and an account's allowance of charges imported a minute.
 */
describe.each(ENGINES)("statement imports on $name", (engine) => {
  const statements: string[] = [];
  const t = useTestApp(engine, { engine: { onStatement: (text) => statements.push(text) } });
  const { as } = cardCalls(t);
  let staff: number;
  const today = new Date().toISOString().slice(0, 10);
  const csvOf = (lines: readonly string[]) => ["Date,Description,Amount,Reference", ...lines].join("\n");
  const send = (name: string, ccID: number, lines: readonly string[], preview = false) =>
    as(name).operation(OPERATIONS.importStatement, { ccID, fileName: "s.csv", csv: csvOf(lines), preview });
  /** The statements of the card area's tables and the audit trail a call runs. */
  const cardStatements = async (work: () => Promise<unknown>) => {
    const from = statements.length;
    await work();
    return statements.slice(from).filter((text) => /"tblCC|"auditLog"/.test(text));
  };
  /** An approved request of staff on the card, asked for today. */
  const approved = async (ccID: number, amount: string) =>
    (
      await t.db
        .insertInto("tblCCPermission")
        .values({
          ccID,
          empID: staff,
          ccPermissionAmount: amount,
          ccPermissionPurpose: "Statement test",
          ccPermissionCCUsedApprovalStatus: 1,
          ccPermissionOverLimitApprovalStatus: 1,
        })
        .returning("ccPermissionID")
        .executeTakeFirstOrThrow()
    ).ccPermissionID;
  /** The charge its spender entered with a request's code (on `on`: another transaction's connection). */
  const entered = async (ccID: number, request: number, amount: string, on: Kysely<DB> = t.db) =>
    (
      await on
        .insertInto("tblCCCharge")
        .values({
          ccID,
          empID: staff,
          ccPermissionID: request,
          ccChargeDate: today,
          ccChargeAmount: amount,
          ccChargeMerchant: "Entered",
          ccChargeSource: "entered",
        })
        .returning("ccChargeID")
        .executeTakeFirstOrThrow()
    ).ccChargeID;
  const chargesOf = (ccID: number) =>
    t.db.selectFrom("tblCCCharge").selectAll().where("ccID", "=", ccID).orderBy("ccChargeID").execute();

  beforeAll(async () => {
    staff = await empIDOf(t.db, "staff");
    const finance = await employeeWithLogin(t.db, "Finance", staff);
    await setPermissions(t.db, finance, [
      { page: 1, view: 1 },
      { page: PAGES.creditCardApprovals, view: 1, change: 1 },
    ]);
  });

  it("writes a statement in steps of WRITE_STEP_LINES lines, each in the same few statements: new charges, reconciled ones, audits", async () => {
    const importOf = async (lines: number) => {
      const ccID = await cardOf(t.db, staff, "100000.00", "4218");
      const spent = await approved(ccID, "11.11");
      const reconciled = await entered(ccID, await approved(ccID, "22.22"), "22.22");
      const rows = [
        `${today},Spends a request,11.11,R-1`,
        `${today},Reconciles an entered charge,22.22,R-2`,
        `${today},"Quotes "" {braces}, back\\slash",3.00,`,
        ...Array.from({ length: lines - 3 }, (_, i) => `${today},Merchant ${i},${(1 + (i % 50)).toFixed(2)},`),
      ];
      let answer: { counts: object } | undefined;
      const run = await cardStatements(async () => {
        const response = await send("admin", ccID, rows);
        expect(response.statusCode, response.body).toBe(200);
        answer = response.json();
      });
      expect(answer?.counts).toEqual({ lines, matched: 2, unmatched: lines - 2, duplicate: 0 });
      const charges = await chargesOf(ccID);
      expect(charges).toHaveLength(lines);
      expect(charges.find((c) => c.ccChargeBankRef === "bank:R-1")).toMatchObject({
        ccPermissionID: spent,
        empID: staff,
        ccChargeSource: "statement",
        ccChargeAmount: "11.11",
      });
      expect(charges.find((c) => c.ccChargeID === reconciled)).toMatchObject({
        ccChargeBankRef: "bank:R-2",
        ccChargeSource: "entered",
        ccStatementID: expect.any(Number),
      });
      expect(charges.map((c) => c.ccChargeMerchant)).toContain('Quotes " {braces}, back\\slash');
      const trail = await t.db
        .selectFrom("auditLog")
        .select(["action", "recordKey", "before", "after"])
        .where("tableName", "=", "tblCCCharge")
        .where(
          "recordKey",
          "in",
          charges.map((c) => String(c.ccChargeID)),
        )
        .execute();
      expect(trail.filter((a) => a.action === "insert")).toHaveLength(lines - 1);
      const update = trail.find((a) => a.action === "update");
      expect(update?.recordKey).toBe(String(reconciled));
      expect(update?.before).toMatchObject({ ccChargeBankRef: null, ccStatementID: null, ccChargeAmount: "22.22" });
      expect(update?.after).toMatchObject({ ccChargeBankRef: "bank:R-2", ccStatementID: expect.any(Number) });
      return run;
    };
    const small = await importOf(4);
    const large = await importOf(3 * WRITE_STEP_LINES);
    const inserts = (run: string[]) => run.filter((text) => text.startsWith('insert into "tblCCCharge"')).length;
    expect([inserts(small), inserts(large)]).toEqual([1, 3]);
    // Each later step adds its insert and its audit: a step's lines are one statement of each;
    // and past a thousand new charges the statistics of the charges are refreshed, once.
    expect(large.length).toBe(small.length + 2 * 2 + 1);
    expect(large.filter((text) => text === 'analyze "tblCCCharge"')).toHaveLength(1);
    expect(small.length).toBeLessThanOrEqual(15);
  });

  it("leaves the next import of a large statement's card a look-up by reference, not a scan of the card's charges", async () => {
    const ccID = await cardOf(t.db, staff, "100000.00", "4218");
    const rows = Array.from({ length: 1_200 }, (_, i) => `${today},Merchant ${i},${(1 + (i % 50)).toFixed(2)},P-${i}`);
    expect((await send("admin", ccID, rows)).statusCode).toBe(200);
    // The look-up's plan, as the next import's transaction would make it.
    const { rows: plan } = await sql<{ "QUERY PLAN": string }>`explain select r.ref
      from unnest(${["bank:P-1", "bank:P-2"]}::text[]) as r (ref)
      cross join lateral (select 1 from "tblCCCharge" ch
        where ch."ccID" = ${ccID} and ch."ccChargeBankRef" = r.ref limit 1) as charge`.execute(t.db);
    const text = plan.map((line) => line["QUERY PLAN"]).join("\n");
    expect(text).toContain("tblCCCharge_bank_ref");
  });

  it("reads again in its transaction what changed since its lines were matched: no duplicate, no request spent twice", async () => {
    const ccID = await cardOf(t.db, staff, "100000.00", "4218");
    const request = await approved(ccID, "33.33");
    const csv = csvOf([
      `${today},Spends the request,33.33,M-1`,
      `${today},Another import's,4.00,M-2`,
      `${today},New,5.00,M-3`,
    ]);
    let reconciled = 0;
    const answer = await importStatement(t.db, SYSTEM, { ccID, fileName: null, csv }, true, {
      // Between the match and the write: another import writes M-2, the spender enters the request's charge.
      step: async (kind, work) => {
        if (kind === "write") {
          await t.db
            .insertInto("tblCCCharge")
            .values({
              ccID,
              ccChargeDate: today,
              ccChargeAmount: "4.00",
              ccChargeMerchant: "Another import's",
              ccChargeSource: "statement",
              ccChargeBankRef: "bank:M-2",
            })
            .execute();
          reconciled = await entered(ccID, request, "33.33");
        }
        return work();
      },
    });
    expect(answer.counts).toEqual({ lines: 3, matched: 1, unmatched: 1, duplicate: 1 });
    const charges = await chargesOf(ccID);
    expect(charges).toHaveLength(3);
    expect(charges.filter((c) => c.ccPermissionID === request).map((c) => [c.ccChargeID, c.ccChargeBankRef])).toEqual([
      [reconciled, "bank:M-1"],
    ]);
  });

  // PGlite runs one transaction at a time: there a charge is entered before the import's
  // transaction or after it, which the test above covers; this one is PostgreSQL's alone.
  if (engine.name === "postgres")
    it("waits, with the card locked, for a charge being entered on the card, then reconciles it rather than spend its request again", async () => {
      const ccID = await cardOf(t.db, staff, "100000.00", "4218");
      const request = await approved(ccID, "44.44");
      const csv = csvOf([`${today},Spends the request,44.44,N-1`, `${today},New,5.00,N-2`]);
      let enteredID = 0;
      const step: ImportStep = async (kind, work) => {
        if (kind === "read") return work();
        // The spender's charge, inserted on another connection and committed once the import waits for it.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let inserted = () => {};
        const ready = new Promise<void>((resolve) => {
          inserted = resolve;
        });
        const other = t.db.transaction().execute(async (tx) => {
          enteredID = await entered(ccID, request, "44.44", tx);
          inserted();
          await held;
        });
        await ready;
        const writing = work();
        // The import's lock of the card waits for the insert's key-share lock of it.
        const waiting = async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
          ).rows[0]?.n ?? 0;
        await t.until(async () => (await waiting()) > 0);
        release();
        await other;
        return writing;
      };
      const answer = await importStatement(t.db, SYSTEM, { ccID, fileName: null, csv }, true, { step });
      expect(answer.counts).toEqual({ lines: 2, matched: 1, unmatched: 1, duplicate: 0 });
      const charges = await chargesOf(ccID);
      expect(charges.filter((c) => c.ccPermissionID === request).map((c) => [c.ccChargeID, c.ccChargeBankRef])).toEqual(
        [[enteredID, "bank:N-1"]],
      );
    });

  it("refuses, naming the line, a date the database cannot hold or a bank reference twice, and writes nothing", async () => {
    const ccID = await cardOf(t.db, staff, "100000.00", "4218");
    for (const [date, message] of [
      ["01/15/0000", 'Line 3: "01/15/0000" is outside the years a card statement holds (1900 to 9999).'],
      ["0001-01-01", 'Line 3: "0001-01-01" is outside the years a card statement holds (1900 to 9999).'],
      ["12/31/1899", 'Line 3: "12/31/1899" is outside the years a card statement holds (1900 to 9999).'],
    ]) {
      const body = expectError(await send("admin", ccID, [`${today},Hotel,1.00,`, `${date},Hotel,2.00,`]), 400);
      expect(body.message).toBe(`1 line of the statement cannot be read; nothing was imported. ${message}`);
    }
    expect(
      expectError(await send("admin", ccID, [`${today},A,1.00,X-1`, `${today},B,2.00,X-2`, `${today},C,3.00,X-1`]), 400)
        .message,
    ).toMatch(/Line 4: the reference X-1 is line 2's too\./);
    expect(await chargesOf(ccID)).toEqual([]);
    // The first and last days of those years are held, and matched against requests around them.
    const edges = await send("admin", ccID, ["01/01/1900,First,1.00,", "12/31/9999,Last,2.00,"]);
    expect(edges.statusCode, edges.body).toBe(200);
    expect((await chargesOf(ccID)).map((c) => c.ccChargeDate)).toEqual(["1900-01-01", "9999-12-31"]);
  });

  it("lets an account import at most STATEMENT_CHARGES_PER_MINUTE charges a minute, refused before any database work", async () => {
    expect(STATEMENT_CHARGES_PER_MINUTE).toBe(20_000);
    const ccID = await cardOf(t.db, staff, "100000.00", "4218");
    const full = (prefix: string) =>
      Array.from({ length: STATEMENT_MAX_LINES }, (_, i) => `${today},Merchant ${i},1.00,${prefix}-${i}`);
    expect((await send("Finance", ccID, full("A"))).statusCode).toBe(200);
    // Again: every line a duplicate, nothing written, nothing counted.
    const again = await send("Finance", ccID, full("A"));
    expect(again.json().counts?.duplicate, again.body).toBe(STATEMENT_MAX_LINES);
    expect((await send("Finance", ccID, full("B"))).statusCode).toBe(200);
    let refused: Awaited<ReturnType<typeof send>> | undefined;
    const run = await cardStatements(async () => {
      refused = await send("Finance", ccID, [`${today},One more,1.00,C-1`]);
    });
    const body = expectError(refused as Awaited<ReturnType<typeof send>>, 429);
    expect(body.message).toMatch(
      /^This statement's 1 line would take this account past the 20,000 charges it may import in a minute; it fits in \d+ seconds\.$/,
    );
    const retryAfter = Number(refused?.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(61);
    expect(run).toEqual([]);
    // Previews do not count, and another account (admin, who imported above) has its own allowance.
    expect((await send("Finance", ccID, [`${today},One more,1.00,C-1`], true)).statusCode).toBe(200);
    expect((await send("admin", ccID, [`${today},One more,1.00,C-1`])).statusCode).toBe(200);
    expect(await countOf(t.db, "tblCCCharge", sql`"ccID" = ${ccID}`)).toBe(2 * STATEMENT_MAX_LINES + 1);
  }, 90_000);
});
