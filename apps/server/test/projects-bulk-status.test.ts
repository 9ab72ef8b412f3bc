import { ERROR_MESSAGES, OPERATIONS, STATUSES_SET_AT_ONCE } from "@office/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";

/*
 * Issue 34: several projects chosen together take one status, as the data service's Insert
 * sets it on one: each audited and kept as the project's latest, all or none.
 */
describe.each(ENGINES)("setting several projects' status on $name", (engine) => {
  const t = useTestApp(engine);
  const set = (as: typeof t.admin, projectIDs: unknown[], projectStatusCodeID: unknown = 60) =>
    as.operation(OPERATIONS.setProjectsStatus, { projectIDs, projectStatusCodeID });
  const latest = async (ids: number[]) => {
    const { rows } = await sql<{ projectID: number; code: number | null }>`
      select "projectID", "projectLatestStatusCodeID" as code from "tblProject"
      where "projectID" in (${sql.join(ids)}) order by "projectID"`.execute(t.db);
    return rows.map((row) => row.code);
  };
  const historyCount = async () =>
    Number((await sql<{ n: number }>`select count(*)::int as n from "tblProjectStatus"`.execute(t.db)).rows[0]?.n);

  it("sets the status on each project chosen, once each, audited, and kept as their latest", async () => {
    const auditBefore = Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from "auditLog" where "tableName" = 'tblProjectStatus'`.execute(t.db)
      ).rows[0]?.n,
    );
    const response = await set(t.admin, [4, 5, 6, 5], 61);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 3 });
    expect(await latest([4, 5, 6])).toEqual([61, 61, 61]);
    const audited = await sql<{
      n: number;
    }>`select count(*)::int as n from "auditLog" where "tableName" = 'tblProjectStatus'`.execute(t.db);
    expect(Number(audited.rows[0]?.n) - auditBefore).toBe(3);
  });

  it("sets none when one may not have it: a project that is not there, a status not of the list", async () => {
    const before = await historyCount();
    const missing = await set(t.admin, [7, 999_999], 60);
    expect(missing.statusCode, missing.body).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
    const notOfList = await set(t.admin, [7, 8], 105);
    expectError(notOfList, 400);
    expect(notOfList.json().fieldErrors).toEqual({ projectStatusCodeID: "Status is not one of the choices" });
    expect(await historyCount()).toBe(before);
  });

  it("is refused to whoever may not set a status, and past its bound, before anything is read", async () => {
    const before = await historyCount();
    expectError(await set(t.staff, [7], 60), 403, "You may not add to tblProjectStatus.");
    expectError(await set(t.noperm, [7], 60), 403, ERROR_MESSAGES.accessDenied);
    const many = Array.from({ length: STATUSES_SET_AT_ONCE + 1 }, (_, i) => i + 1);
    expectError(await set(t.admin, many, 60), 400, "The request body is not valid.");
    expect(await historyCount()).toBe(before);
  });
});
