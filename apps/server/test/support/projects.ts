import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import type { DB } from "../../src/db/schema.js";
import type { DataClient } from "./data.js";

/** A status row with its time in microseconds since the epoch (a JavaScript Date keeps only milliseconds). */
export interface StatusRow {
  projectStatusID: number;
  projectID: number;
  projectStatusCodeID: number;
  empID: number | null;
  us: bigint;
}

export async function statusRows(db: Kysely<DB>): Promise<StatusRow[]> {
  const { rows } = await sql<{
    projectStatusID: number;
    projectID: number;
    projectStatusCodeID: number;
    empID: number | null;
    us: string;
  }>`select "projectStatusID", "projectID", "projectStatusCodeID", "empID",
      (extract(epoch from "createdTS") * 1000000)::bigint::text as us
    from "tblProjectStatus"`.execute(db);
  return rows.map((row) => ({ ...row, us: BigInt(row.us) }));
}

/** Oldest first: by time, then by key. */
export function byTimeThenKey(a: StatusRow, b: StatusRow): number {
  if (a.us !== b.us) return a.us < b.us ? -1 : 1;
  return a.projectStatusID - b.projectStatusID;
}

/** Each project's history, oldest first. */
export function histories(rows: StatusRow[]): Map<number, StatusRow[]> {
  const map = new Map<number, StatusRow[]>();
  for (const row of rows) {
    const list = map.get(row.projectID) ?? [];
    list.push(row);
    map.set(row.projectID, list);
  }
  for (const list of map.values()) list.sort(byTimeThenKey);
  return map;
}

/**
 * Every project whose kept latest status (code and time) differs from the newest row of its
 * history, computed here from all of tblProjectStatus. Empty when the database kept them right.
 */
export async function latestStatusMismatches(db: Kysely<DB>) {
  const history = histories(await statusRows(db));
  const { rows: projects } = await sql<{ projectID: number; code: number | null; us: string | null }>`
    select "projectID", "projectLatestStatusCodeID" as code,
      (extract(epoch from "projectLatestStatusTS") * 1000000)::bigint::text as us
    from "tblProject"`.execute(db);
  const wrong: Array<{ projectID: number; kept: unknown; expected: unknown }> = [];
  for (const project of projects) {
    const newest = history.get(project.projectID)?.at(-1);
    const expected = newest ? { code: newest.projectStatusCodeID, us: String(newest.us) } : { code: null, us: null };
    const kept = { code: project.code, us: project.us };
    if (kept.code !== expected.code || kept.us !== expected.us) {
      wrong.push({ projectID: project.projectID, kept, expected });
    }
  }
  return { projects: projects.length, wrong };
}

/** Asserts every project's kept latest status is the newest of its history. */
export async function expectLatestStatusesKept(db: Kysely<DB>): Promise<void> {
  const { projects, wrong } = await latestStatusMismatches(db);
  expect(projects).toBeGreaterThan(0);
  expect(wrong).toEqual([]);
}

/** The list's values in the list's order (appLookupSort, then key). */
export async function listValues(db: Kysely<DB>, group: string) {
  return db
    .selectFrom("tblAppLookup")
    .select(["appLookupID", "appLookupValue", "appLookupSort"])
    .where("appLookupParentID", "=", group)
    .orderBy("appLookupSort")
    .orderBy("appLookupID")
    .execute();
}

/** The text of a timestamp as the company time the data service answers, to the second, as epoch milliseconds. */
export const toSecondMs = (us: bigint) => Number(us / 1_000_000n) * 1000;

/** The latest status the database keeps on a project. */
export const keptStatus = (db: Kysely<DB>, projectID: number) =>
  db
    .selectFrom("tblProject")
    .select(["projectLatestStatusCodeID", "projectLatestStatusTS"])
    .where("projectID", "=", projectID)
    .executeTakeFirstOrThrow();

/** A new project made through the data service; answers its id. */
export async function newProject(
  client: DataClient,
  projectName: string,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const response = await client.insert("tblProject", { projectName, ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}
