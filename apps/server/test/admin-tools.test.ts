import { OPERATIONS, VIEW_AS_HEADER, VIEW_AS_READ_ONLY } from "@office/core";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { countOf, empIDOf, setPermissions } from "./support/db.js";
import { ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";

describe.each(ENGINES)("the administrators' tools on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff } = t;
  const changes = OPERATIONS.auditChanges;

  describe("the audit trail browser", () => {
    it("lists every change newest first, narrowed by table, record and employee, a page at a time", async () => {
      const adminID = await empIDOf(t.db, "admin");
      const ids: number[] = [];
      for (const name of ["Browser One", "Browser Two", "Browser Three"]) {
        ids.push((await admin.insert("tblVendor", { vendorName: name })).json().id);
      }
      const mine = (await admin.operation(changes, { table: "tblVendor", empID: adminID })).json();
      expect(mine.data.slice(0, 3).map((c: { recordKey: string }) => c.recordKey)).toEqual(ids.reverse().map(String));
      expect(mine.data[0]).toMatchObject({
        action: "insert",
        tableName: "tblVendor",
        byName: "Alex Morgan",
        restorable: false,
      });
      const one = (await admin.operation(changes, { table: "tblVendor", key: String(ids[0]) })).json();
      expect(one.data).toHaveLength(1);
      // A delete not undone since can be restored; once restored, no longer.
      await admin.remove("tblVendor", `vendorID = ${ids[0]}`);
      const deleted = (await admin.operation(changes, { table: "tblVendor", action: "delete" })).json().data[0];
      expect(deleted).toMatchObject({
        recordKey: String(ids[0]),
        restorable: true,
        before: { vendorName: "Browser Three" },
      });
      await admin.restore(deleted.auditID);
      const after = (await admin.operation(changes, { table: "tblVendor", key: String(ids[0]) })).json().data;
      expect(after.map((c: { action: string; restorable: boolean }) => [c.action, c.restorable])).toEqual([
        ["restore", false],
        ["delete", false],
        ["insert", false],
      ]);
      // Pages: 50 at a time, the next one starting below the last change sent.
      for (let i = 0; i < 50; i++) await admin.insert("tblVendor", { vendorName: `Paged ${i}` });
      const first = (await admin.operation(changes, {})).json();
      expect(first.data).toHaveLength(50);
      const second = (await admin.operation(changes, { before: first.next })).json();
      expect(second.data[0].auditID).toBeLessThan(first.data.at(-1).auditID);
      expect(second.data.length).toBeGreaterThan(0);
      // A day's range is the company's days.
      const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
      expect(
        (await admin.operation(changes, { from: today, table: "tblVendor" })).json().data.length,
      ).toBeGreaterThanOrEqual(5);
      expect((await admin.operation(changes, { to: "2000-01-01" })).json().data).toEqual([]);
    });

    it("is for administrators alone, and refuses what is not a filter", async () => {
      expectError(await staff.operation(changes, {}), 403, "Only administrators may do this.");
      expectError(await admin.operation(changes, { table: "tblNope" }), 400);
      expectError(await admin.operation(changes, { from: "2026-02-30x" }), 400);
    });
  });

  describe("View as", () => {
    const viewAs = OPERATIONS.viewAs;
    const as = (empID: number) => ({ [VIEW_AS_HEADER]: String(empID) });

    it("starts only for an active employee who is not oneself, and is recorded and shown to them", async () => {
      const staffID = await empIDOf(t.db, "staff");
      const adminID = await empIDOf(t.db, "admin");
      const before = await countOf(t.db, "viewAsLog");
      expectError(await admin.operation(viewAs, { empID: 999_999 }), 404);
      expectError(await admin.operation(viewAs, { empID: adminID }), 400);
      expectError(await staff.operation(viewAs, { empID: adminID }), 403);
      const inactive = (
        await admin.insert("tblEmployee", { empFirstName: "Gone", empLastName: "Away", empActive: 0 })
      ).json().id;
      expectError(await admin.operation(viewAs, { empID: inactive }), 400, "Only an active employee can be viewed as.");
      expect(await countOf(t.db, "viewAsLog")).toBe(before);

      const started = await admin.operation(viewAs, { empID: staffID });
      expect(started.statusCode).toBe(200);
      expect(started.json().user).toMatchObject({ empID: staffID, username: "staff" });
      expect(started.json().permissions.length).toBeGreaterThan(0);
      expect(await countOf(t.db, "viewAsLog")).toBe(before + 1);
      const trail = await t.db.selectFrom("auditLog").selectAll().where("tableName", "=", "viewAsLog").execute();
      expect(trail.at(-1)).toMatchObject({
        empID: adminID,
        action: "insert",
        after: { adminEmpID: adminID, empID: staffID },
      });
      // Staff sees it in their settings.
      const seen = (await staff.operation(OPERATIONS.settings)).json().viewedAs;
      expect(seen[0]).toMatchObject({ by: "Alex Morgan" });
    });

    it("answers the administrator's reads as the employee's, and refuses every write, changing nothing", async () => {
      const staffID = await empIDOf(t.db, "staff");
      const who = await admin.inject({ method: "GET", url: "/API/EmployeeInfo/", headers: as(staffID) });
      expect(who.json().data[0]).toMatchObject({ empID: staffID, username: "staff" });
      const rights = await admin.inject({ method: "GET", url: "/API/Permissions/", headers: as(staffID) });
      const own = (await staff.operation(OPERATIONS.myPermissions)).json();
      expect(rights.json()).toEqual(own);
      // What staff may not read, the administrator viewing as staff may not either.
      expectError(await admin.inject({ method: "GET", url: "/API/Audit/Changes", headers: as(staffID) }), 403);
      expectError(
        await admin.inject({ method: "GET", url: "/API/Query/?table=tblShippingCompany", headers: as(staffID) }),
        403,
      );
      // Reads go; no write does, whichever call.
      const vendors = await countOf(t.db, "tblVendor");
      const audits = await countOf(t.db, "auditLog");
      for (const write of [
        {
          method: "POST" as const,
          url: "/API/Insert/",
          payload: { table: "tblVendor", fields: { vendorName: "As staff" } },
        },
        {
          method: "PUT" as const,
          url: "/API/Settings/",
          payload: { key: "preferences", values: { colourScheme: "dark" } },
        },
        { method: "POST" as const, url: "/API/Logout/" },
        { method: "POST" as const, url: "/API/ViewAs/", payload: { empID: staffID } },
      ]) {
        const refused = await admin.inject({ ...write, headers: as(staffID) });
        expectError(refused, 403, VIEW_AS_READ_ONLY);
      }
      expect(await countOf(t.db, "tblVendor")).toBe(vendors);
      expect(await countOf(t.db, "auditLog")).toBe(audits);
      // The administrator's session goes on.
      expect((await admin.inject({ method: "GET", url: "/API/EmployeeInfo/" })).json().data[0].username).toBe("admin");
    });

    it("is an administrator's alone, and of an active employee", async () => {
      const adminID = await empIDOf(t.db, "admin");
      expectError(await staff.inject({ method: "GET", url: "/API/Permissions/", headers: as(adminID) }), 403);
      expectError(await admin.inject({ method: "GET", url: "/API/Permissions/", headers: as(999_999) }), 400);
      expectError(
        await admin.inject({ method: "GET", url: "/API/Permissions/", headers: { [VIEW_AS_HEADER]: "x" } }),
        400,
      );
    });
  });

  describe("bulk permissions", () => {
    const bulk = OPERATIONS.bulkPermissions;
    type Row = {
      permissionPageID: number;
      permissionView: number;
      permissionAdd: number;
      permissionChange: number;
      permissionDel: number;
    };
    const rowsOf = (empID: number): Promise<Row[]> =>
      t.db
        .selectFrom("tblPermission")
        .select(["permissionPageID", "permissionView", "permissionAdd", "permissionChange", "permissionDel"])
        .where("empID", "=", empID)
        .orderBy("permissionPageID")
        .execute();
    const hire = async (first: string) =>
      (await admin.insert("tblEmployee", { empFirstName: first, empLastName: "Bulk", empActive: 1 })).json()
        .id as number;
    /** What an employee's rights are to become, page by page, worked out here from the rows alone. */
    const expected = (before: Row[], after: Row[]) => {
      const key = (row: Row | undefined) =>
        row ? [row.permissionView, row.permissionAdd, row.permissionChange, row.permissionDel].join() : "";
      const pages = [...new Set([...before, ...after].map((row) => row.permissionPageID))].sort((a, b) => a - b);
      return pages.flatMap((page) => {
        const [was, will] = [
          before.find((r) => r.permissionPageID === page),
          after.find((r) => r.permissionPageID === page),
        ];
        return key(was) === key(will) ? [] : [{ permissionPageID: page, before: was ?? null, after: will ?? null }];
      });
    };

    it("previews a copy without writing, then applies exactly it, audited; sets one page for many", async () => {
      const staffID = await empIDOf(t.db, "staff");
      const [first, second, third] = [await hire("First"), await hire("Second"), await hire("Third")];
      await setPermissions(t.db, second, [
        { page: 40, view: 1 },
        { page: 33, view: 1, add: 1 },
      ]);
      const source = await rowsOf(staffID);
      const secondBefore = await rowsOf(second);
      const audits = await countOf(t.db, "auditLog");

      const preview = (
        await admin.operation(bulk, { kind: "copy", from: staffID, to: [second, first], apply: false })
      ).json();
      expect(preview.applied).toBe(false);
      expect(preview.employees.map((e: { empName: string }) => e.empName)).toEqual(["Bulk, First", "Bulk, Second"]);
      expect(preview.employees[0].changes).toEqual(expected([], source));
      expect(preview.employees[1].changes).toEqual(expected(secondBefore, source));
      expect(preview.count).toBe(expected([], source).length + expected(secondBefore, source).length);
      expect(await rowsOf(first)).toEqual([]);
      expect(await rowsOf(second)).toEqual(secondBefore);
      expect(await countOf(t.db, "auditLog")).toBe(audits);

      const applied = (
        await admin.operation(bulk, { kind: "copy", from: staffID, to: [second, first], apply: true })
      ).json();
      expect(applied).toEqual({ ...preview, applied: true });
      expect(await rowsOf(first)).toEqual(source);
      expect(await rowsOf(second)).toEqual(source);
      expect(await countOf(t.db, "auditLog")).toBe(audits + preview.count);
      // Copied again, nothing is left to change.
      const again = (await admin.operation(bulk, { kind: "copy", from: staffID, to: [first], apply: false })).json();
      expect(again.count).toBe(0);

      // One page for many: theirs otherwise kept; every flag off takes the page away.
      const page33 = {
        permissionPageID: 33,
        permissionView: 1,
        permissionAdd: 0,
        permissionChange: 1,
        permissionDel: 0,
      };
      const set = (await admin.operation(bulk, { kind: "page", page: page33, to: [first, third], apply: true })).json();
      expect(set.count).toBe(2);
      expect(await rowsOf(third)).toEqual([page33]);
      expect(await rowsOf(first)).toEqual(
        [...source.filter((r) => r.permissionPageID !== 33), page33].sort(
          (a, b) => a.permissionPageID - b.permissionPageID,
        ),
      );
      const none = { ...page33, permissionView: 0, permissionChange: 0 };
      await admin.operation(bulk, { kind: "page", page: none, to: [first, third], apply: true });
      expect(await rowsOf(third)).toEqual([]);
      expect((await rowsOf(first)).some((r) => r.permissionPageID === 33)).toBe(false);
    });

    it("lands all or nothing: a result leaving no administrator is refused, no one changed", async () => {
      const nopermID = await empIDOf(t.db, "noperm");
      const fourth = await hire("Fourth");
      const admins = await t.db
        .selectFrom("tblPermission as p")
        .innerJoin("tblEmployee as e", "e.empID", "p.empID")
        .select("p.empID")
        .where("p.permissionPageID", "=", 40)
        .where("p.permissionView", "=", 1)
        .where("e.empActive", "=", 1)
        .execute();
      const audits = await countOf(t.db, "auditLog");
      const refused = await admin.operation(bulk, {
        kind: "copy",
        from: nopermID,
        to: [fourth, ...admins.map((a) => a.empID)],
        apply: true,
      });
      expectError(refused, 409);
      expect(await rowsOf(fourth)).toEqual([]);
      for (const { empID } of admins) expect((await rowsOf(empID)).some((r) => r.permissionPageID === 40)).toBe(true);
      expect(await countOf(t.db, "auditLog")).toBe(audits);
    });

    it("refuses unknown employees, a copy onto its source, too many at once, and non-administrators", async () => {
      const staffID = await empIDOf(t.db, "staff");
      const tblPermissions = await countOf(t.db, "tblPermission");
      const unknown = expectError(
        await admin.operation(bulk, { kind: "copy", from: staffID, to: [999_999], apply: true }),
        400,
      );
      expect(unknown.fieldErrors).toEqual({ to: "names no employee: 999999" });
      const source = expectError(
        await admin.operation(bulk, { kind: "copy", from: 999_998, to: [staffID], apply: false }),
        400,
      );
      expect(source.fieldErrors).toEqual({ from: "names no employee: 999998" });
      expect(
        expectError(await admin.operation(bulk, { kind: "copy", from: staffID, to: [staffID], apply: true }), 400)
          .fieldErrors,
      ).toEqual({ to: "names the employee copied from" });
      const many = Array.from({ length: 501 }, (_, i) => i + 1);
      expect(
        expectError(await admin.operation(bulk, { kind: "copy", from: staffID, to: many, apply: false }), 400)
          .fieldErrors,
      ).toEqual({ to: "names more than 500 employees" });
      expectError(await staff.operation(bulk, { kind: "copy", from: staffID, to: [1], apply: false }), 403);
      expect(await countOf(t.db, "tblPermission")).toBe(tblPermissions);
    });
  });
});
