import { readFileSync } from "node:fs";
import { ERROR_MESSAGES, OPERATIONS, PAGES, WEEKDAYS } from "@office/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { ENGINES } from "./support/engines.js";

describe.each(ENGINES)("the data service on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm, together } = t;

  const count = async (table: string, where = sql`true`) =>
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.db)).rows[0]
      ?.n ?? 0;

  describe("Query", () => {
    it("answers data and the total, with the fields, where and order asked for", async () => {
      const response = await staff.query({
        table: "tblProject",
        fields: "projectID,projectName",
        where: "projectID > 5",
        order: "projectID DESC",
        rowLimit: 3,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.meta.TotalRecords).toBe((await count("tblProject")) - 5);
      expect(body.data).toHaveLength(3);
      expect(Object.keys(body.data[0]).sort()).toEqual(["projectID", "projectName"]);
      expect(body.data.map((r: { projectID: number }) => r.projectID)).toEqual(
        [...body.data.map((r: { projectID: number }) => r.projectID)].sort((a, b) => b - a),
      );
    });

    it("takes the error page's Debug re-send (DEBUG=1) as the same query, and nothing else in DEBUG", async () => {
      const params = { table: "tblProject", fields: "projectID", where: "projectID = 3" };
      const resent = await staff.query({ ...params, DEBUG: "1" });
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual((await staff.query(params)).json());
      expect((await staff.query({ ...params, DEBUG: "yes" })).statusCode).toBe(400);
    });

    it("takes DEBUG=1 on Insert, Update, Delete and ExecuteQuery as the same call, and logs it without values", async () => {
      const send = (method: "POST" | "PUT", path: string, payload: object, DEBUG?: string) =>
        admin.inject({ method, url: path, payload, ...(DEBUG === undefined ? {} : { query: { DEBUG } }) });
      const logged = () =>
        t.logs.filter((line) => line.includes('"debug re-send of a call"')).map((line) => JSON.parse(line).debugResend);
      const before = logged().length;

      const inserted = await send(
        "POST",
        "/API/Insert/",
        { table: "tblProject", fields: { projectName: "Debug Secret Name" } },
        "1",
      );
      expect(inserted.statusCode).toBe(200);
      const { id } = inserted.json();
      const where = `projectID = ${id}`;
      const updated = await send(
        "PUT",
        "/API/Update/",
        { table: "tblProject", where, fields: { projectName: "Debug Renamed" } },
        "1",
      );
      expect(updated.json()).toEqual({ status: "success", count: 1 });
      const failed = await send(
        "POST",
        "/API/Update/",
        { table: "tblProject", where: "projectID = -1", fields: { projectName: "x" } },
        "1",
      );
      expect(failed.statusCode).toBe(404);
      expect((await send("POST", "/API/ExecuteQuery/", { query: "pendingApprovalCount" }, "1")).statusCode).toBe(200);
      expect((await send("POST", "/API/Delete/", { table: "tblProject", where }, "0")).json()).toEqual({
        id: 1,
        keys: [id],
      });

      expect(logged().slice(before)).toEqual([
        { method: "POST", path: "/API/Insert/", table: "tblProject", fields: ["projectName"] },
        { method: "PUT", path: "/API/Update/", table: "tblProject", where, fields: ["projectName"] },
        { method: "POST", path: "/API/Update/", table: "tblProject", where: "projectID = -1", fields: ["projectName"] },
        { method: "POST", path: "/API/ExecuteQuery/", query: "pendingApprovalCount" },
      ]);
      expect(t.logs.join("\n")).not.toContain("Debug Secret Name");
      for (const DEBUG of ["yes", "2", ""]) {
        expect(
          (await send("POST", "/API/Delete/", { table: "tblProject", where: "projectID = -1" }, DEBUG)).statusCode,
        ).toBe(400);
      }
      const other = await admin.call("POST", "/API/Delete/?verbose=1", {
        table: "tblProject",
        where: "projectID = -1",
      });
      expect(other.statusCode).toBe(400);
    });

    it("pages with offset without repeating or skipping rows", async () => {
      const all = (await staff.query({ table: "tblProject", fields: "projectID", order: "projectName" })).json().data;
      const pages = [];
      for (let offset = 0; offset < all.length; offset += 7) {
        pages.push(
          ...(
            await staff.query({ table: "tblProject", fields: "projectID", order: "projectName", rowLimit: 7, offset })
          ).json().data,
        );
      }
      expect(pages).toEqual(all);
      const past = (
        await staff.query({ table: "tblProject", fields: "projectID", rowLimit: 5, offset: 100_000 })
      ).json();
      expect(past).toEqual({ data: [], meta: { TotalRecords: all.length } });
    });

    it("matches LIKE without regard to case", async () => {
      const { projectName } = (await staff.query({ table: "tblProject", fields: "projectName", rowLimit: 1 })).json()
        .data[0];
      const fragment = projectName.slice(2, 8).toUpperCase();
      const found = (
        await staff.query({
          table: "tblProject",
          fields: "projectName",
          where: `projectName LIKE '%${fragment.replaceAll("'", "''")}%'`,
        })
      ).json().data;
      expect(found.map((r: { projectName: string }) => r.projectName)).toContain(projectName);
    });

    it("asks to confirm a search of more than 20,000 records, and loads it with continue", async () => {
      await sql`insert into "tblProjectNotes" ("projectID", "empID", "ProjectNotesMinutes", "createdTS")
        select 1, 5, 15, now() - interval '800 days' from generate_series(1, 20001)`.execute(t.db);
      const where = "createdTS < '2025-06-01'";
      const first = (await admin.query({ table: "tblProjectNotes", fields: "projectNotesID", where })).json();
      expect(first).toEqual({ data: [], meta: { TotalRecords: expect.any(Number), confirmRequired: true } });
      expect(first.meta.TotalRecords).toBeGreaterThan(20_000);
      const confirmed = (
        await admin.query({ table: "tblProjectNotes", fields: "projectNotesID", where, continue: 1, rowLimit: 25 })
      ).json();
      expect(confirmed.data).toHaveLength(25);
      expect(confirmed.meta.TotalRecords).toBe(first.meta.TotalRecords);

      // A page (a type-ahead's 100, a table's first 50) is never refused for the total, which
      // stays exact; the confirmation is the full load's alone.
      const total = await count("tblProjectNotes", sql`"createdTS" < '2025-06-01'`);
      for (const rowLimit of [1, 50, 100]) {
        const page = await admin.query({ table: "tblProjectNotes", fields: "projectNotesID", where, rowLimit });
        expect(page.json()).toEqual({ data: expect.any(Array), meta: { TotalRecords: total } });
        expect(page.json().data).toHaveLength(rowLimit);
      }
      const search = (
        await staff.query({
          table: "tblProjectNotes",
          fields: "projectNotesID",
          where: "createdTS < '2025-06-01' AND ProjectNotesDesc IS NULL",
          order: "projectNotesID DESC",
          rowLimit: 50,
          offset: 50,
        })
      ).json();
      expect(search.data).toHaveLength(50);
      expect(search.meta.confirmRequired).toBeUndefined();
      const over = (
        await admin.query({ table: "tblProjectNotes", fields: "projectNotesID", where, rowLimit: 101 })
      ).json();
      expect(over).toEqual({ data: [], meta: { TotalRecords: total, confirmRequired: true } });
      // More rows than the threshold is the confirmed load, so it needs continue.
      const unconfirmed = await admin.query({ table: "tblProjectNotes", fields: "projectNotesID", rowLimit: 20_001 });
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json().message).toMatch(/rowLimit over 20000 needs continue=1/);
      await sql`delete from "tblProjectNotes" where "createdTS" < '2025-06-01'`.execute(t.db);
    });

    it("streams a large answer, the same rows and total as it sends in pages", async () => {
      await sql`insert into "tblProjectNotes" ("projectID", "empID", "ProjectNotesMinutes", "ProjectNotesDesc", "createdTS")
        select 1, 5, 15, 'streamed ' || n, now() - n * interval '1 minute' from generate_series(1, 3000) n`.execute(
        t.db,
      );
      const params = {
        table: "tblProjectNotes",
        fields: "projectNotesID,createdTS,ProjectNotesDesc",
        where: "ProjectNotesDesc LIKE 'streamed %'",
        continue: 1,
      };
      const whole = await admin.query({ ...params, rowLimit: 3_000 });
      expect(whole.headers["content-type"]).toMatch(/^application\/json/);
      const answer = whole.json();
      expect(answer.data).toHaveLength(3_000);
      const pages = [
        (await admin.query({ ...params, rowLimit: 1_500 })).json(),
        (await admin.query({ ...params, rowLimit: 1_500, offset: 1_500 })).json(),
      ];
      expect(answer).toEqual({ data: [...pages[0].data, ...pages[1].data], meta: pages[0].meta });
      // Times leave in the company's zone in a streamed answer too.
      expect(answer.data[0].createdTS).toMatch(/T\d\d:\d\d:\d\d(\.\d+)?-0[45]:00$/);
      // Without the key among the fields and in another order, the batches keep the order: the
      // oldest first is "streamed 3000" (n minutes ago) down to "streamed 1".
      const oldest = (
        await admin.query({ ...params, fields: "ProjectNotesDesc", order: "createdTS", rowLimit: 3_000 })
      ).json();
      expect(oldest.data).toEqual(
        Array.from({ length: 3_000 }, (_, at) => ({ ProjectNotesDesc: `streamed ${3_000 - at}` })),
      );
      await sql`delete from "tblProjectNotes" where "ProjectNotesDesc" like 'streamed %'`.execute(t.db);
    });

    it("shows only the caller's own notes in vwMyProjectNotes, whatever the where says", async () => {
      const mine = (await staff.query({ table: "vwMyProjectNotes", fields: "empID" })).json();
      expect(mine.data.every((r: { empID: number }) => r.empID === 2)).toBe(true);
      expect((await staff.query({ table: "vwMyProjectNotes", where: "empID = 1" })).json().meta.TotalRecords).toBe(0);
    });

    it("lists active employees with view on page 42 in the availability view, with their department", async () => {
      const rows = (await staff.query({ table: "vwEmployeeAvailability" })).json().data;
      const expected = await count(
        "tblEmployee",
        sql`"empActive" = 1 and "empID" in (select "empID" from "tblPermission" where "permissionPageID" = 42 and "permissionView" = 1)`,
      );
      expect(rows).toHaveLength(expected);
      expect(rows.some((r: { empID: number }) => r.empID === 3)).toBe(false); // noperm has no view on 42
      expect(rows[0]).toMatchObject({
        departmentName: expect.any(String),
        departmentEmail: expect.stringMatching(/@/),
      });
    });

    it("gives the latest status of each project in vwProjectSearch", async () => {
      const { rows } = await sql<{
        projectID: number;
        code: number;
      }>`select distinct on ("projectID") "projectID", "projectStatusCodeID" as code
        from "tblProjectStatus" order by "projectID", "createdTS" desc, "projectStatusID" desc`.execute(t.db);
      const excluded = rows.filter((r) => [56, 66, 194].includes(r.code)).map((r) => r.projectID);
      const shown = (
        await staff.query({
          table: "vwProjectSearch",
          fields: "projectID",
          where: "latestStatusCodeID IS NULL OR latestStatusCodeID NOT IN (56, 66, 194)",
        })
      )
        .json()
        .data.map((r: { projectID: number }) => r.projectID);
      expect(excluded.length).toBeGreaterThan(0);
      for (const id of excluded) expect(shown).not.toContain(id);
      expect(shown.length + excluded.length).toBe(await count("tblProject"));
    });

    it("searches vwProjectSearch's texts in their lower-cased copies: the rows ILIKE finds, none of the copies named", async () => {
      const { id } = (
        await admin.insert("tblProject", {
          projectName: "ÉCOLE Maple Ridge_1",
          projectFirstSourceNumber: "Po-77%",
          projectClientID: 1,
        })
      ).json();
      const found = async (where: string) =>
        (await staff.query({ table: "vwProjectSearch", fields: "projectID", where }))
          .json()
          .data.map((r: { projectID: number }) => r.projectID);
      const ilike = async (where: ReturnType<typeof sql>) =>
        (
          await sql<{
            projectID: number;
          }>`select "projectID" from "tblProject" where ${where} order by "projectID"`.execute(t.db)
        ).rows.map((r) => r.projectID);
      // The letters of any case, with the accent; the wildcards escaped stay literal.
      expect(await found("projectName LIKE '%école maple%'")).toEqual([id]);
      expect(await found("projectName LIKE '%RIDGE\\_1'")).toEqual([id]);
      expect(await found("projectName LIKE '%RIDGE\\_%2'")).toEqual([]);
      expect(await found("projectFirstSourceNumber LIKE 'PO-77\\%'")).toEqual([id]);
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
      expect(sorted(await found("projectName LIKE '%ma%'"))).toEqual(await ilike(sql`"projectName" ilike '%ma%'`));
      // A null text matches neither LIKE nor NOT LIKE, as with ILIKE.
      expect(sorted(await found("projectSecondSourceNumber NOT LIKE '%q%'"))).toEqual(
        await ilike(sql`"projectSecondSourceNumber" not ilike '%q%'`),
      );
      // The copies are the database's: no call names them.
      for (const column of ["projectNameFolded", "projectFirstSourceFolded"]) {
        const response = await staff.query({
          table: "vwProjectSearch",
          fields: "projectID",
          where: `${column} LIKE '%a%'`,
        });
        expect(response.statusCode).toBe(400);
        expect((await staff.query({ table: "vwProjectSearch", fields: column })).statusCode).toBe(400);
      }
    });

    it("serves note categories of group 68 to anyone signed in", async () => {
      const rows = (await staff.query({ table: "vwNoteCategories" })).json().data;
      expect(rows.map((r: { id: number }) => r.id)).toContain(105);
    });
  });

  describe("the company's time zone (America/New_York in tests)", () => {
    it("sends times with the company's offset: the same instant, the company's wall clock", async () => {
      const at = new Date("2026-07-04T03:30:00Z");
      const { id } = (await staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 })).json();
      await t.db.updateTable("tblProjectNotes").set({ createdTS: at }).where("projectNotesID", "=", id).execute();
      const [row] = (
        await admin.query({ table: "tblProjectNotes", fields: "createdTS", where: `projectNotesID = ${id}` })
      ).json().data;
      expect(row.createdTS).toBe("2026-07-03T23:30:00-04:00");
      expect(Date.parse(row.createdTS)).toBe(at.getTime());
      await t.db.deleteFrom("tblProjectNotes").where("projectNotesID", "=", id).execute();
    });

    it("keeps a calendar date as its text, in no zone", async () => {
      const note = { releaseNoteVersion: "tz-1", releaseNoteDate: "2026-12-01", releaseNoteTitle: "A day" };
      const { id } = (await admin.insert("tblReleaseNote", note)).json();
      const [row] = (
        await admin.query({ table: "tblReleaseNote", fields: "releaseNoteDate", where: `releaseNoteID = ${id}` })
      ).json().data;
      expect(row.releaseNoteDate).toBe("2026-12-01");
      await t.db.deleteFrom("tblReleaseNote").where("releaseNoteID", "=", id).execute();
    });

    it("reads a date in a where as the company's day, not UTC's", async () => {
      // 23:30 in New York on 3 July is 4 July in UTC: the company logged it on the 3rd.
      const { id } = (await staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 })).json();
      await t.db
        .updateTable("tblProjectNotes")
        .set({ createdTS: new Date("2026-07-04T03:30:00Z") })
        .where("projectNotesID", "=", id)
        .execute();
      const on = async (day: string, next: string) =>
        (
          await admin.query({
            table: "tblProjectNotes",
            fields: "projectNotesID",
            where: `projectNotesID = ${id} AND createdTS >= '${day}' AND createdTS < '${next}'`,
          })
        ).json().meta.TotalRecords;
      expect(await on("2026-07-03", "2026-07-04")).toBe(1);
      expect(await on("2026-07-04", "2026-07-05")).toBe(0);
      await t.db.deleteFrom("tblProjectNotes").where("projectNotesID", "=", id).execute();
    });

    it("runs database sessions in the company's zone, so today (for office hours) is the company's", async () => {
      const { rows } = await sql<{ dow: number; zone: string }>`
        select extract(dow from now())::int as dow, current_setting('TimeZone') as zone`.execute(t.db);
      expect(rows[0]?.zone).toBe("America/New_York");
      const weekday = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", weekday: "short" })
        .format(new Date())
        .slice(0, 2);
      expect(["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"][rows[0]?.dow ?? -1]).toBe(weekday);
    });
  });

  describe("own availability", () => {
    it("lets an employee set their own availability; the server stamps the time", async () => {
      const response = await staff.update("tblEmployee", "empID = 2", {
        empAvailabilityType: "Break",
        empAvailabilityTS: "1999-01-01 00:00:00",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: "success", count: 1 });
      const row = await t.db
        .selectFrom("tblEmployee")
        .select(["empAvailabilityType", "empAvailabilityTS"])
        .where("empID", "=", 2)
        .executeTakeFirstOrThrow();
      expect(row.empAvailabilityType).toBe("Break");
      expect(Math.abs((row.empAvailabilityTS as Date).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it("is stamped with the server's time whoever sets it, administrators too", async () => {
      const stamped = async (empID: number) =>
        (
          await t.db
            .selectFrom("tblEmployee")
            .select("empAvailabilityTS")
            .where("empID", "=", empID)
            .executeTakeFirstOrThrow()
        ).empAvailabilityTS as Date;
      const sent = { empAvailabilityType: "Out", empAvailabilityTS: "1999-01-01 00:00:00" };
      for (const [client, empID, where] of [
        [admin, 1, "empID = 1"],
        [staff, 2, "empID = 2"],
        [admin, 2, "empID = 2"], // with the change permission, on someone else's row
      ] as const) {
        const response = await client.update("tblEmployee", where, sent);
        expect(response.statusCode, where).toBe(200);
        expect(Math.abs((await stamped(empID)).getTime() - Date.now()), where).toBeLessThan(60_000);
      }
      // The time alone is no escape either.
      expect((await admin.update("tblEmployee", "empID = 1", { empAvailabilityTS: "1999-01-01" })).statusCode).toBe(
        200,
      );
      expect(Math.abs((await stamped(1)).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it("is the one thing an employee without permission rows may do", async () => {
      const mine = await noperm.update("tblEmployee", "empID = 3", {
        empAvailabilityType: "Break",
        empAvailabilityTS: "1999-01-01 00:00:00",
      });
      expect(mine.statusCode, mine.body).toBe(200);
      const row = await t.db
        .selectFrom("tblEmployee")
        .select(["empAvailabilityType", "empAvailabilityTS"])
        .where("empID", "=", 3)
        .executeTakeFirstOrThrow();
      expect(row.empAvailabilityType).toBe("Break");
      expect(Math.abs((row.empAvailabilityTS as Date).getTime() - Date.now())).toBeLessThan(60_000);

      // Someone else's row matches nothing, as for every employee.
      expect((await noperm.update("tblEmployee", "empID = 1", { empAvailabilityType: "Out" })).statusCode).toBe(404);
      // Without view on employees the where names the row's key only: another column is unknown.
      const named = (await noperm.update("tblEmployee", "empLastName = 'Perry'", { empAvailabilityType: "In" })).json();
      const madeUp = (
        await noperm.update("tblEmployee", "empNickname = 'Perry'", { empAvailabilityType: "In" })
      ).json();
      expect(named.statusCode).toBe(400);
      expect(named.message.replace("empLastName", "X")).toBe(madeUp.message.replace("empNickname", "X"));

      const denied = [
        await noperm.update("tblEmployee", "empID = 3", { empFirstName: "Noel", empAvailabilityType: "In" }),
        await noperm.update("tblEmployee", "empID = 3", { empOfficeExtention: "999" }),
        await noperm.query({ table: "tblEmployee", where: "empID = 3" }),
        await noperm.query({ table: "vwEmployeeAvailability" }),
        await noperm.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 }),
        await noperm.remove("tblProjectNotes", "projectNotesID = 1"),
      ];
      for (const response of denied) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(ERROR_MESSAGES.accessDenied);
      }
      // The shell's inbox count is everyone's: the inbox is always allowed (spec 6).
      const count = await noperm.execute("pendingApprovalCount");
      expect(count.statusCode).toBe(200);
      expect(count.json().data).toEqual([{ TotalCount: 0 }]);
    });

    it("names who can grant access (active, with view on page 40) to a user with no permission rows", async () => {
      const granters = await noperm.execute("accessGranters");
      expect(granters.statusCode).toBe(200);
      const expected = await t.db
        .selectFrom("tblEmployee as e")
        .innerJoin("tblPermission as p", "p.empID", "e.empID")
        .where("p.permissionPageID", "=", PAGES.administrator)
        .where("p.permissionView", "=", 1)
        .where("e.empActive", "=", 1)
        .select(["e.empID", "e.empLastName"])
        .orderBy("e.empLastName")
        .orderBy("e.empFirstName")
        .orderBy("e.empID")
        .limit(10)
        .execute();
      expect(expected.length).toBeGreaterThan(0);
      const rows = granters.json().data as Array<Record<string, unknown>>;
      expect(rows.map((r) => r.empID)).toEqual(expected.map((r) => r.empID));
      // Names and how to reach them, nothing else of the employee.
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
        ["empEmail", "empFirstName", "empID", "empLastName", "empOfficeExtention"].sort(),
      );
      // An inactive employee with view on page 40 is not named (first by name as "Aaron Aardvark").
      const { empID } = await t.db
        .insertInto("tblEmployee")
        .values({ empFirstName: "Aaron", empLastName: "Aardvark", empActive: 0 })
        .returning("empID")
        .executeTakeFirstOrThrow();
      const grant = { empID, permissionPageID: PAGES.administrator, permissionView: 1 };
      await t.db
        .insertInto("tblPermission")
        .values({ ...grant, permissionAdd: 0, permissionChange: 0, permissionDel: 0 })
        .execute();
      try {
        const after = (await noperm.execute("accessGranters")).json().data as Array<{ empID: number }>;
        expect(after.map((r) => r.empID)).not.toContain(empID);
        await t.db.updateTable("tblEmployee").set({ empActive: 1 }).where("empID", "=", empID).execute();
        const active = (await noperm.execute("accessGranters")).json().data as Array<{ empID: number }>;
        expect(active[0]?.empID).toBe(empID);
      } finally {
        await t.db.deleteFrom("tblPermission").where("empID", "=", empID).execute();
        await t.db.deleteFrom("tblEmployee").where("empID", "=", empID).execute();
      }
    });

    it("gives each employee their own office hours, of every day, and no one else's", async () => {
      const days = WEEKDAYS.map((d) => `empOfficeHours${d}` as const);
      const own = await t.db.selectFrom("tblEmployee").select(days).where("empID", "=", 2).executeTakeFirstOrThrow();
      expect(own.empOfficeHoursMo).toMatch(/\d/);
      const answer = await staff.execute("myOfficeHours");
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toEqual([own]);
      const adminHours = await t.db
        .selectFrom("tblEmployee")
        .select(days)
        .where("empID", "=", 1)
        .executeTakeFirstOrThrow();
      expect((await admin.execute("myOfficeHours")).json().data).toEqual([adminHours]);
      // Without permission rows it is 'Access Denied!', as every read (the page then says why).
      const denied = await noperm.execute("myOfficeHours");
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(ERROR_MESSAGES.accessDenied);
    });

    it("works as a POST too, as the spec's call sends it", async () => {
      expect((await staff.update("tblEmployee", "empID = 2", { empAvailabilityType: "In" }, "POST")).statusCode).toBe(
        200,
      );
    });

    it("does not reach anyone else's row, nor other columns of one's own", async () => {
      const before = await t.db
        .selectFrom("tblEmployee")
        .select("empAvailabilityType")
        .where("empID", "=", 1)
        .executeTakeFirstOrThrow();
      const other = await staff.update("tblEmployee", "empID = 1", { empAvailabilityType: "Out" });
      expect(other.statusCode).toBe(404);
      const after = await t.db
        .selectFrom("tblEmployee")
        .select("empAvailabilityType")
        .where("empID", "=", 1)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expect((await staff.update("tblEmployee", "empID = 2", { empFirstName: "Mallory" })).statusCode).toBe(403);
      expect((await staff.update("tblEmployee", "empID = 2", { empAvailabilityType: "Asleep" })).statusCode).toBe(400);
    });
  });

  describe("release notes", () => {
    it("are read by everyone signed in, newest first, and written by administrators only", async () => {
      const notes = (await staff.query({ table: "tblReleaseNote", order: "releaseNoteDate DESC" })).json();
      expect(notes.data.length).toBeGreaterThanOrEqual(3);
      // The newest note is the product's version: a release is not made without its note.
      const { version } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
      expect(notes.data[0].releaseNoteVersion).toBe(version);
      const note = { releaseNoteVersion: "9.9.9", releaseNoteDate: "2026-12-01", releaseNoteTitle: "Next" };
      expect((await staff.insert("tblReleaseNote", note)).statusCode).toBe(403);
      expect((await noperm.query({ table: "tblReleaseNote" })).statusCode).toBe(403);
      const inserted = await admin.insert("tblReleaseNote", note);
      expect(inserted.statusCode).toBe(200);
      const missing = await admin.insert("tblReleaseNote", { releaseNoteVersion: "", releaseNoteTitle: "x" });
      expect(missing.json().fieldErrors).toEqual({
        releaseNoteVersion: "Version is required",
        releaseNoteDate: "Date is required",
      });
      expect((await admin.remove("tblReleaseNote", `releaseNoteID = ${inserted.json().id}`)).statusCode).toBe(200);
    });
  });

  describe("time notes", () => {
    it("are written with the signed-in author and the server's time, whatever the body says", async () => {
      const response = await staff.insert("tblProjectNotes", {
        projectID: 1,
        empID: 1,
        projectNoteCategory: 105,
        ProjectNotesMinutes: 30,
        ProjectNotesDesc: "",
        createdTS: "2000-01-01 00:00:00",
      });
      expect(response.statusCode).toBe(200);
      const { id } = response.json();
      expect(id).toBeGreaterThan(0);
      const note = await t.db
        .selectFrom("tblProjectNotes")
        .selectAll()
        .where("projectNotesID", "=", id)
        .executeTakeFirstOrThrow();
      expect(note.empID).toBe(2);
      expect(note.ProjectNotesDesc).toBeNull();
      expect(Math.abs((note.createdTS as Date).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it("are checked with the form rules of core, answering their exact messages", async () => {
      const before = await count("tblProjectNotes");
      const missing = await staff.insert("tblProjectNotes", { ProjectNotesDesc: "x".repeat(4001) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({
        projectID: "Project is required",
        ProjectNotesMinutes: "Charged Time is required",
        ProjectNotesDesc: "Note must have at most 4000 characters",
      });
      const { id } = (await staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 })).json();
      const update = await admin.update("tblProjectNotes", `projectNotesID = ${id}`, {
        ProjectNotesDesc: "y".repeat(4001),
      });
      expect(update.statusCode).toBe(400);
      expect(update.json().fieldErrors).toEqual({ ProjectNotesDesc: "Note must have at most 4000 characters" });
      expect(await count("tblProjectNotes")).toBe(before + 1);
    });

    it("keep their author and time when their text is changed", async () => {
      const { id } = (await staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 })).json();
      const before = await t.db
        .selectFrom("tblProjectNotes")
        .selectAll()
        .where("projectNotesID", "=", id)
        .executeTakeFirstOrThrow();
      const response = await admin.update("tblProjectNotes", `projectNotesID = ${id}`, {
        ProjectNotesDesc: "edited",
        empID: 1,
        createdTS: "2001-01-01",
      });
      expect(response.statusCode).toBe(200);
      const after = await t.db
        .selectFrom("tblProjectNotes")
        .selectAll()
        .where("projectNotesID", "=", id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ ...before, ProjectNotesDesc: "edited" });
      expect(
        (await admin.update("tblProjectNotes", `projectNotesID = ${id}`, { createdTS: "2001-01-01" })).statusCode,
      ).toBe(400);
    });

    it("refuse an author or time of the wrong type, naming the field, and write nothing", async () => {
      const before = await count("tblProjectNotes");
      const note = { projectID: 1, ProjectNotesMinutes: 15 };
      const inserted = await staff.insert("tblProjectNotes", { ...note, empID: "2", createdTS: { at: "now" } });
      expect(inserted.statusCode).toBe(400);
      expect(inserted.json().fieldErrors).toEqual({ empID: "is not a whole number", createdTS: expect.any(String) });
      expect(await count("tblProjectNotes")).toBe(before);
      const updated = await admin.update("tblProjectNotes", "projectNotesID = 1", {
        ProjectNotesDesc: "x",
        empID: [2],
      });
      expect(updated.json().fieldErrors).toEqual({ empID: "is not a whole number" });
    });

    it("are changed and deleted by their author, by whoever has change or delete on the notes pages, and by administrators", async () => {
      // staff holds add on page 9 only (the right to log time); noperm gets the same, and view
      // on 35, then change on 35, then delete on 35.
      const grant = (empID: number, permissionPageID: number, flags: { change?: 1; del?: 1 } = {}) => {
        const row = { permissionView: 1, permissionAdd: 1, permissionChange: 0, permissionDel: 0 };
        const values = {
          ...row,
          ...(flags.change ? { permissionChange: 1 } : {}),
          ...(flags.del ? { permissionDel: 1 } : {}),
        };
        return t.db
          .insertInto("tblPermission")
          .values({ empID, permissionPageID, ...values })
          .onConflict((oc) => oc.columns(["empID", "permissionPageID"]).doUpdateSet(values))
          .execute();
      };
      const before = await t.db.selectFrom("tblPermission").selectAll().where("empID", "in", [2, 3]).execute();
      await grant(3, 9);
      await grant(3, 35);
      try {
        const note = async () =>
          (await staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 })).json().id;
        const [first, second, third, fourth] = [await note(), await note(), await note(), await note()];
        const other = noperm; // a colleague who may log time too
        const body = (response: { json(): Record<string, unknown> }) => {
          const { requestId: _, ...rest } = response.json();
          return rest;
        };
        const nothing = await other.update("tblProjectNotes", "projectNotesID = -1", { ProjectNotesDesc: "x" });
        expect(nothing.statusCode).toBe(404);

        const refusedUpdate = await other.update("tblProjectNotes", `projectNotesID = ${first}`, {
          ProjectNotesDesc: "x",
        });
        expect(body(refusedUpdate)).toEqual(body(nothing));
        const refusedDelete = await other.remove("tblProjectNotes", `projectNotesID = ${first}`);
        expect(refusedDelete.statusCode).toBe(404);
        expect(body(refusedDelete)).toEqual(body(await other.remove("tblProjectNotes", "projectNotesID = -1")));
        // A where that also matches the colleague's own note reaches that one only.
        const own = (await other.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 5 })).json().id;
        const mixed = await other.update("tblProjectNotes", `projectNotesID IN (${first}, ${own})`, {
          ProjectNotesDesc: "mine",
        });
        expect(mixed.json()).toEqual({ status: "success", count: 1 });

        // The author, with nothing but the right to log time, corrects and removes their own.
        expect(
          (await staff.update("tblProjectNotes", `projectNotesID = ${first}`, { ProjectNotesDesc: "by the author" }))
            .statusCode,
        ).toBe(200);
        expect((await staff.remove("tblProjectNotes", `projectNotesID = ${second}`)).statusCode).toBe(200);

        // Change on Notes / Time Search reaches everyone's notes; deleting them needs delete there.
        await grant(3, 35, { change: 1 });
        const corrected = await other.update("tblProjectNotes", `projectNotesID = ${third}`, {
          ProjectNotesMinutes: 30,
        });
        expect(corrected.json()).toEqual({ status: "success", count: 1 });
        expect((await other.remove("tblProjectNotes", `projectNotesID = ${third}`)).statusCode).toBe(404);
        await grant(3, 35, { del: 1 });
        expect((await other.remove("tblProjectNotes", `projectNotesID = ${third}`)).statusCode).toBe(200);

        expect(
          (
            await admin.update("tblProjectNotes", `projectNotesID = ${fourth}`, {
              ProjectNotesDesc: "by an administrator",
            })
          ).statusCode,
        ).toBe(200);
        expect((await admin.remove("tblProjectNotes", `projectNotesID = ${fourth}`)).statusCode).toBe(200);

        const descs = await t.db
          .selectFrom("tblProjectNotes")
          .select(["projectNotesID", "ProjectNotesDesc"])
          .where("projectNotesID", "in", [first, second, third, fourth, own])
          .orderBy("projectNotesID")
          .execute();
        expect(descs).toEqual([
          { projectNotesID: first, ProjectNotesDesc: "by the author" },
          { projectNotesID: own, ProjectNotesDesc: "mine" },
        ]);

        // Without the right to log time and without change on a notes page, nothing is reached.
        await t.db.deleteFrom("tblPermission").where("empID", "=", 3).execute();
        await grant(3, 1);
        expect(
          (await other.update("tblProjectNotes", `projectNotesID = ${own}`, { ProjectNotesDesc: "x" })).statusCode,
        ).toBe(403);
        expect((await other.remove("tblProjectNotes", `projectNotesID = ${own}`)).statusCode).toBe(403);
      } finally {
        await t.db.deleteFrom("tblPermission").where("empID", "in", [2, 3]).execute();
        await t.db.insertInto("tblPermission").values(before).execute();
      }
    });

    it("take the default category 105 when none is sent", async () => {
      const { id } = (await staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 })).json();
      expect(
        (
          await t.db
            .selectFrom("tblProjectNotes")
            .select("projectNoteCategory")
            .where("projectNotesID", "=", id)
            .executeTakeFirstOrThrow()
        ).projectNoteCategory,
      ).toBe(105);
    });

    it("take a type of the note categories only (group 68), refused on the field otherwise", async () => {
      const before = await count("tblProjectNotes");
      // A project status (190), a department (135) and no value at all.
      for (const projectNoteCategory of [60, 136, 999_999]) {
        const refused = await staff.insert("tblProjectNotes", {
          projectID: 1,
          ProjectNotesMinutes: 15,
          projectNoteCategory,
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().fieldErrors).toEqual({ projectNoteCategory: "Type is not one of the choices" });
      }
      expect(await count("tblProjectNotes")).toBe(before);
      const taken = await staff.insert("tblProjectNotes", {
        projectID: 1,
        ProjectNotesMinutes: 15,
        projectNoteCategory: 107,
      });
      expect(taken.statusCode, taken.body).toBe(200);
      // Changed to another list's value: refused the same way.
      const changed = await admin.update("tblProjectNotes", `projectNotesID = ${taken.json().id}`, {
        projectNoteCategory: 60,
      });
      expect(changed.statusCode, changed.body).toBe(400);
      expect(changed.json().fieldErrors).toEqual({ projectNoteCategory: "Type is not one of the choices" });
    });

    it("need add on page 9", async () => {
      const refused = await noperm.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ERROR_MESSAGES.accessDenied);
      await t.db.deleteFrom("tblPermission").where("empID", "=", 2).where("permissionPageID", "=", 9).execute();
      try {
        expect((await staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15 })).statusCode).toBe(403);
      } finally {
        await t.db.insertInto("tblPermission").values({ empID: 2, permissionPageID: 9, permissionAdd: 1 }).execute();
      }
    });

    it("refuse a project that does not exist with a conflict, and write nothing", async () => {
      const before = await count("tblProjectNotes");
      const response = await staff.insert("tblProjectNotes", { projectID: 999_999, ProjectNotesMinutes: 15 });
      expect(response.statusCode).toBe(409);
      expect(await count("tblProjectNotes")).toBe(before);
      expect(await count("auditLog", sql`"tableName" = 'tblProjectNotes' and "recordKey" = 'undefined'`)).toBe(0);
    });
  });

  describe("writes", () => {
    it("need a where for updates and deletes, and a where that matches nothing is not a success", async () => {
      expect((await admin.update("tblProject", "", { projectName: "x" })).statusCode).toBe(400);
      expect((await admin.update("tblProject", "projectID = -1", { projectName: "x" })).statusCode).toBe(404);
      expect((await admin.remove("tblProject", "   ")).statusCode).toBe(400);
      expect((await admin.remove("tblProject", "projectID = -1")).statusCode).toBe(404);
    });

    it("refuse unknown fields and name them", async () => {
      const response = await admin.insert("tblProject", { projectName: "x", projectBudget: 5 });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain("_");
      const update = await admin.update("tblProject", "projectID = 1", { nope: 1 });
      expect(update.statusCode).toBe(400);
    });

    it("are atomic: a change that fails part-way leaves every row and the audit trail as they were", async () => {
      const before = await t.db
        .selectFrom("tblPermission")
        .selectAll()
        .where("empID", "=", 1)
        .orderBy("permissionID")
        .execute();
      const audits = await count("auditLog");
      // Moving two of admin's rows onto one page breaks the (empID, page) uniqueness.
      const response = await admin.update("tblPermission", "empID = 1 AND permissionPageID IN (2, 3)", {
        permissionPageID: 1,
      });
      expect(response.statusCode).toBe(409);
      expect(
        await t.db.selectFrom("tblPermission").selectAll().where("empID", "=", 1).orderBy("permissionID").execute(),
      ).toEqual(before);
      expect(await count("auditLog")).toBe(audits);
    });

    it("are never possible on views", async () => {
      // Refused by the calls' schemas: their tables are those they serve (the document's enumerations).
      expect((await admin.insert("vwProjectSearch", { projectName: "x" })).statusCode).toBe(400);
      expect((await admin.update("vwProjectSearch", "projectID = 1", { projectName: "x" })).statusCode).toBe(400);
      expect((await admin.remove("vwProjectSearch", "projectID = 1")).statusCode).toBe(400);
    });
  });

  describe("nothing lost", () => {
    it("records who changed what, lists it for administrators and restores a deleted record", async () => {
      const { id } = (
        await admin.insert("tblProject", { projectName: "Audit Me", projectFirstSourceNumber: "PO-1" })
      ).json();
      expect((await admin.update("tblProject", `projectID = ${id}`, { projectName: "Audit Me Too" })).statusCode).toBe(
        200,
      );
      const removed = await admin.remove("tblProject", `projectID = ${id}`);
      expect(removed.json()).toEqual({ id: 1, keys: [id] });
      const trail = (await admin.operation(OPERATIONS.auditTrail, { table: "tblProject", key: String(id) })).json()
        .data;
      expect(trail.map((a: { action: string }) => a.action)).toEqual(["insert", "update", "delete"]);
      expect(trail[1]).toMatchObject({
        empID: 1,
        before: { projectName: "Audit Me" },
        after: { projectName: "Audit Me Too" },
      });
      const restore = await admin.restore(trail[2].auditID);
      expect(restore.json()).toEqual({ id });
      const row = await t.db.selectFrom("tblProject").selectAll().where("projectID", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ projectName: "Audit Me Too", projectFirstSourceNumber: "PO-1" });
      const again = await admin.restore(trail[2].auditID);
      expect(again.statusCode).toBe(409);
    });

    it("keeps the audit trail from those who are not administrators", async () => {
      const response = await staff.operation(OPERATIONS.auditTrail, { table: "tblProject", key: "1" });
      expect(response.statusCode).toBe(403);
      const restore = await staff.restore(1);
      expect(restore.statusCode).toBe(403);
    });
  });

  describe("idempotent inserts", () => {
    it("create one row for a retried key and answer as the first did", async () => {
      const headers = { "idempotency-key": "note-retry-1" };
      const fields = { projectID: 2, ProjectNotesMinutes: 45 };
      const note = () => staff.insert("tblProjectNotes", fields, headers);
      const [a, b] = await together(note, note);
      const c = await staff.insert("tblProjectNotes", fields, headers);
      expect(a.json()).toEqual(b.json());
      expect(c.json()).toEqual(a.json());
      expect(await count("tblProjectNotes", sql`"projectID" = 2 and "ProjectNotesMinutes" = 45 and "empID" = 2`)).toBe(
        1,
      );
      expect((await staff.insert("tblProjectNotes", fields, { "idempotency-key": "bad key!" })).statusCode).toBe(400);
    });
  });

  describe("permissions", () => {
    it("are read on every call: a revoked permission applies to the next call of the same session", async () => {
      expect((await staff.query({ table: "tblProject", rowLimit: 1 })).statusCode).toBe(200);
      await t.db
        .updateTable("tblPermission")
        .set({ permissionView: 0 })
        .where("empID", "=", 2)
        .where("permissionPageID", "=", 3)
        .execute();
      try {
        expect((await staff.query({ table: "tblProject", rowLimit: 1 })).statusCode).toBe(403);
      } finally {
        await t.db
          .updateTable("tblPermission")
          .set({ permissionView: 1 })
          .where("empID", "=", 2)
          .where("permissionPageID", "=", 3)
          .execute();
      }
    });

    it("are given to the web app for its guard", async () => {
      const response = await staff.operation(OPERATIONS.myPermissions);
      const pages = response
        .json()
        .data.filter((p: { permissionView: number }) => p.permissionView === 1)
        .map((p: { permissionPageID: number }) => p.permissionPageID);
      expect(pages.sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 22, 23, 24, 35, 39, 42]);
    });

    it("answer a caller without rights alike for a real and a made-up column, on every call", async () => {
      const alike = async (
        label: string,
        real: () => Promise<{ statusCode: number; json(): Record<string, unknown> }>,
        madeUp: () => Promise<{ statusCode: number; json(): Record<string, unknown> }>,
        message: string,
      ) => {
        const [a, b] = [await real(), await madeUp()];
        const { requestId: _a, ...bodyA } = a.json();
        const { requestId: _b, ...bodyB } = b.json();
        expect(a.statusCode, label).toBe(403);
        expect(bodyA, label).toEqual(bodyB);
        expect(bodyA.message, label).toBe(message);
      };
      // staff has no flag on page 47 (credit cards) nor change on page 22 (employees); noperm has nothing.
      for (const [who, client, cards, employees] of [
        ["staff", staff, "You may not %s tblCC.", "You may not change tblEmployee."],
        ["noperm", noperm, ERROR_MESSAGES.accessDenied, ERROR_MESSAGES.accessDenied],
      ] as const) {
        const as = (action: string) => cards.replace("%s", action);
        await alike(
          `${who} query where`,
          () => client.query({ table: "tblCC", where: "ccStatus = 1" }),
          () => client.query({ table: "tblCC", where: "ccSecretCode = 1" }),
          as("read"),
        );
        await alike(
          `${who} query fields and order`,
          () => client.query({ table: "tblCC", fields: "ccStatus", order: "ccStatus" }),
          () => client.query({ table: "tblCC", fields: "ccSecretCode", order: "ccSecretCode" }),
          as("read"),
        );
        await alike(
          `${who} insert fields`,
          () => client.insert("tblCC", { ccStatus: 1 }),
          () => client.insert("tblCC", { ccSecretCode: 1 }),
          as("add to"),
        );
        await alike(
          `${who} update where`,
          () => client.update("tblCC", "ccStatus = 1", { ccStatus: 2 }),
          () => client.update("tblCC", "ccSecretCode = 1", { ccStatus: 2 }),
          as("change"),
        );
        await alike(
          `${who} update fields`,
          () => client.update("tblCC", "ccID = 1", { ccStatus: 2 }),
          () => client.update("tblCC", "ccID = 1", { ccSecretCode: 2 }),
          as("change"),
        );
        await alike(
          `${who} delete where`,
          () => client.remove("tblCC", "ccStatus = 1"),
          () => client.remove("tblCC", "ccSecretCode = 1"),
          as("delete from"),
        );
        // A table with self-service fields: any other field is refused before anything is read.
        await alike(
          `${who} update of an employee's other fields`,
          () => client.update("tblEmployee", "empLastName = 'Taylor'", { empFirstName: "Mallory" }),
          () => client.update("tblEmployee", "empSalary = 1", { empSalary: 1 }),
          employees,
        );
      }
    });

    it("deny everything to an employee without permission rows", async () => {
      const response = await noperm.query({ table: "vwNoteCategories" });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Access Denied!");
    });
  });

  describe("ExecuteQuery", () => {
    it("refuses raw SQL", async () => {
      for (const query of ['select * from "authAccount"', 'pendingApprovalCount; drop table "tblProject"', ""]) {
        expect((await admin.execute(query)).statusCode, query).toBe(400);
      }
      expect(await count("tblProject")).toBeGreaterThan(0);
    });
  });
});
