import { REQUEST_STATES, requestState, requestStateWhere } from "@office/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "./support/app.js";
import { cardCalls, cardOf, employeeWithLogin } from "./support/cards.js";
import { dataClient } from "./support/data.js";
import { countOf, empIDOf } from "./support/db.js";
import { ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";

/*
 * Issue 20: asking to use a company card, the holder's and the over-limit approver's decisions,
 * and the inbox that lists (and counts) what waits for each user, on both engines.
 */
describe.each(ENGINES)("credit card requests on $name", (engine) => {
  let t: TestApp;
  const db = () => t.database.db;
  const ids = new Map<string, number>();
  let staffCard: number;
  let adminCard: number;
  let calls: ReturnType<typeof cardCalls>;
  const employee = async (name: string, manager: number | null, active = 1) => {
    ids.set(name, await employeeWithLogin(db(), name, manager, active));
  };
  const id = (name: string) => ids.get(name) as number;
  const as = (name: string) => calls.as(name);
  const call = (name: string, method: "GET" | "POST", url: string, payload?: object) =>
    calls.call(name, method, url, payload);
  const ask = (name: string, ccID: number, amount: unknown, extra: object = {}) => calls.ask(name, ccID, amount, extra);
  const decide = (name: string, request: number, body: object) => calls.decide(name, request, body);
  const inboxOf = async (name: string) => {
    const response = await call(name, "GET", "/API/CreditCard/Inbox");
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Array<{ ccPermissionID: number; step: string }>; meta: { TotalRecords: number } };
  };
  const countFor = async (name: string) => {
    const response = await call(name, "POST", "/API/ExecuteQuery/", { query: "pendingApprovalCount" });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data[0].TotalCount as number;
  };
  const card = (holder: number, limit: string) => cardOf(db(), holder, limit);
  const request = async (ccID: number, empID: number, states: { used: number; over: number; overLimit?: number }) =>
    (
      await db()
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
    t = await testApp(engine);
    calls = cardCalls(t.app);
    for (const name of ["admin", "staff", "noperm"]) ids.set(name, await empIDOf(db(), name));
    // Only the requests of this file: the seeded ones are removed.
    await db().deleteFrom("tblCCCharge").execute();
    await db().deleteFrom("tblCCPermission").execute();
    await db()
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
  afterAll(() => t?.close());

  describe("the team and the manager chain", () => {
    it("is everyone under an employee at any depth, through inactive managers too", async () => {
      const team = async (name: string) =>
        (await sql<{ empID: number }>`select "empID" from "fnTeam"(${id(name)}) order by 1`.execute(db())).rows.map(
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
            select "fnInTeam"(${id(manager)}::integer, ${id(employee)}::integer) as found`.execute(db());
          expect(rows[0]?.found, `${employee} in ${manager}'s team`).toBe(members.includes(id(employee)));
        }
      }
    });

    it("refuses a manager that would make the chain loop, and changes nothing", async () => {
      const admin = dataClient(t.app, await as("admin"));
      for (const [employeeName, managerName] of [
        ["staff", "Third"],
        ["Direct", "Direct"],
        ["Indirect", "Third"],
      ] as const) {
        const response = await admin.update("tblEmployee", `empID = ${id(employeeName)}`, {
          empManagerID: id(managerName),
        });
        const body = expectError(response, 400);
        expect(body.fieldErrors?.empManagerID).toBe("Manager reports to this employee: a manager chain cannot loop");
      }
      const managers = await db()
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
      await db().deleteFrom("tblCCCharge").execute();
      await db().deleteFrom("tblCCPermission").execute();
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
          await db()
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

      const mine = (await call("Indirect", "GET", "/API/CreditCard/MyRequests")).json().data;
      const code = mine.find(
        (r: { ccPermissionID: number }) => r.ccPermissionID === requestID,
      ).ccPermissionApprovalCode;
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      const audit = await db()
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
      const views = await dataClient(t.app, await as("admin")).query({
        table: "tblCCPermission",
        where: `ccPermissionID = ${requestID}`,
      });
      expect(JSON.stringify(views.json())).not.toContain(code);
    });

    it("sends a request over the month's limit on to page 45 after the holder, to the cent", async () => {
      await db().deleteFrom("tblCCCharge").execute();
      await db().deleteFrom("tblCCPermission").execute();
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
      const [first] = await db()
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

    it("finds the requests of each state by its where, as requestState names them, every request in one", async () => {
      await db().deleteFrom("tblCCCharge").execute();
      await db().deleteFrom("tblCCPermission").execute();
      for (const used of [0, 1, 2]) {
        for (const over of [0, 1, 2]) {
          for (const overLimit of [0, 1]) await request(staffCard, id("Direct"), { used, over, overLimit });
        }
      }
      const admin = dataClient(t.app, await as("admin"));
      const fields =
        "ccPermissionID,ccPermissionCCUsedApprovalStatus,ccPermissionOverLimitApprovalStatus,ccPermissionOverLimit";
      const all = (await admin.query({ table: "vwCCApprovals", fields })).json().data as Array<
        Parameters<typeof requestState>[0] & { ccPermissionID: number }
      >;
      expect(all).toHaveLength(18);
      const found: number[] = [];
      for (const state of REQUEST_STATES) {
        const answer = await admin.query({ table: "vwCCApprovals", fields, where: requestStateWhere(state) });
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
        ((await call(name, "GET", "/API/CreditCard/Cards")).json().data as Array<{ ccID: number }>).map((c) => c.ccID);
      expect(await offered("Indirect")).toEqual(expect.arrayContaining([staffCard, adminCard]));
      expect(await offered("Outsider")).not.toContain(staffCard);
      expect(await offered("Outsider")).not.toContain(adminCard);
      await db().updateTable("tblCC").set({ ccStatus: 2 }).where("ccID", "=", staffCard).execute();
      expect(await offered("Indirect")).not.toContain(staffCard);
      await db().updateTable("tblCC").set({ ccStatus: 1 }).where("ccID", "=", staffCard).execute();
    });

    it("answers bad input with a clear 4xx and writes nothing", async () => {
      const before = await countOf(db(), "tblCCPermission");
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
        await call("noperm", "POST", "/API/CreditCard/Requests", {
          ccID: staffCard,
          ccPermissionAmount: "5",
          ccPermissionPurpose: "x",
        }),
        403,
      );
      await db().updateTable("tblCC").set({ ccStatus: 2 }).where("ccID", "=", staffCard).execute();
      expectError(await ask("Direct", staffCard, "5.00"), 409);
      await db().updateTable("tblCC").set({ ccStatus: 1 }).where("ccID", "=", staffCard).execute();
      expect(await countOf(db(), "tblCCPermission")).toBe(before);

      // The data service reads requests and never writes them: approving around the rules is not a write it takes.
      const admin = dataClient(t.app, await as("admin"));
      expectError(await admin.insert("tblCCPermission", { ccID: staffCard, empID: id("Direct") }), 403);
      expectError(
        await admin.update("tblCCPermission", "ccPermissionID > 0", { ccPermissionCCUsedApprovalStatus: 1 }),
        403,
      );
      for (const path of ["0", "abc", "1e3", "99999999999"]) {
        expectError(
          await call("staff", "POST", `/API/CreditCard/Requests/${path}/Decision`, {
            step: "cardUse",
            decision: "approve",
            version: 1,
          }),
          400,
        );
      }
    });
  });
});
