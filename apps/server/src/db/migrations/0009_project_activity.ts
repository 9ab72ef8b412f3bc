import { type Kysely, sql } from "kysely";

/**
 * Each employee's last activity on each project (a note, a status set, or ownership since the
 * project's creation), kept by the database as the three tables change (issue 19). Home and the
 * status dashboard read an employee's ten most recent projects from its index, where the view
 * used to group all of that employee's notes on every read (13,000 of them for the demo
 * administrator at --scale 20: about 90 ms on PGlite, bench/RESULTS.md).
 */
const sources = `
  select "empID", "projectID", "createdTS" as "ts" from "tblProjectNotes" where "empID" is not null
  union all
  select "empID", "projectID", "createdTS" from "tblProjectStatus" where "empID" is not null
  union all
  select "projectOwnerID", "projectID", "projectCreatedTS" from "tblProject" where "projectOwnerID" is not null`;

/**
 * The trigger function of a table whose rows tie an employee to a project at a time. An update
 * counts only where it moved a row to another employee, project or time (a latest status kept
 * on tblProject updates projects too, and moves no owner).
 */
const activityFunction = (name: string, employee: string, time: string) => {
  const row = `"${employee}", "projectID", "${time}"`;
  return `create function "${name}"() returns trigger language plpgsql as $$
  begin
    if TG_OP = 'INSERT' then
      perform "addProjectActivity"(array_agg("${employee}"), array_agg("projectID"), array_agg("${time}")) from changed;
    elsif TG_OP = 'DELETE' then
      perform "recomputeProjectActivity"(array_agg("${employee}"), array_agg("projectID")) from changed;
    else
      perform "recomputeProjectActivity"(array_agg(e), array_agg(p)) from (
        (select ${row} from changed except all select ${row} from changed_before)
        union all
        (select ${row} from changed_before except all select ${row} from changed)
      ) moved (e, p, t);
    end if;
    return null;
  end $$`;
};

const statements = [
  // No foreign keys: checking two for each of a million rows of the seed's notes took half as
  // long again as the seed itself; the triggers below keep the pairs to what the tables hold,
  // and an employee with activity cannot be deleted (their notes, statuses and projects refer to them).
  `create table "tblProjectActivity" (
    "empID" integer not null,
    "projectID" integer not null,
    "lastActivityTS" timestamptz not null,
    primary key ("empID", "projectID")
  )`,
  `create index "tblProjectActivity_recent" on "tblProjectActivity" ("empID", "lastActivityTS" desc)`,
  // In the order of the key, so that each employee's rows lie together (a few pages read, not one
  // per row); the upserts below write theirs in that order too.
  `insert into "tblProjectActivity" select "empID", "projectID", max("ts") from (${sources}) u group by 1, 2 order by 1, 2`,

  // A new note, status or owned project only moves a pair's time forward: one upsert per
  // statement, whatever its size (the seed loads a million notes in forty statements).
  `create function "addProjectActivity"(emps integer[], projects integer[], times timestamptz[])
    returns void language sql as $$
    insert into "tblProjectActivity" ("empID", "projectID", "lastActivityTS")
      select e, p, max(t) from unnest(emps, projects, times) c (e, p, t) where e is not null group by e, p order by e, p
      on conflict ("empID", "projectID") do update
        set "lastActivityTS" = greatest("tblProjectActivity"."lastActivityTS", excluded."lastActivityTS")
  $$`,

  // A change or a removal may move a pair's time back, or end it: the pairs it touched are
  // computed again. Their rows are locked first and read in a statement of their own, as the
  // latest status is (0007): a transaction that waited for another's lock then sees what that
  // one committed.
  `create function "recomputeProjectActivity"(emps integer[], projects integer[])
    returns void language plpgsql as $$
  begin
    perform 1 from "tblProjectActivity" a
      join unnest(emps, projects) c (e, p) on a."empID" = c.e and a."projectID" = c.p
      order by a."empID", a."projectID" for update of a;
    with pairs as (select distinct e, p from unnest(emps, projects) c (e, p) where e is not null),
    latest as (
      select pairs.e, pairs.p, (
        select max(x.ts) from (
          select max(n."createdTS") as ts from "tblProjectNotes" n where n."projectID" = pairs.p and n."empID" = pairs.e
          union all
          select max(s."createdTS") from "tblProjectStatus" s where s."projectID" = pairs.p and s."empID" = pairs.e
          union all
          select j."projectCreatedTS" from "tblProject" j where j."projectID" = pairs.p and j."projectOwnerID" = pairs.e
        ) x
      ) as ts
      from pairs
    ),
    gone as (
      delete from "tblProjectActivity" a using latest l
        where a."empID" = l.e and a."projectID" = l.p and l.ts is null
    )
    insert into "tblProjectActivity" ("empID", "projectID", "lastActivityTS")
      select e, p, ts from latest where ts is not null
      on conflict ("empID", "projectID") do update set "lastActivityTS" = excluded."lastActivityTS";
  end $$`,

  // Notes and statuses (by "empID" and "createdTS") and projects (by owner and creation time).
  activityFunction("notedProjectActivity", "empID", "createdTS"),
  activityFunction("ownedProjectActivity", "projectOwnerID", "projectCreatedTS"),
  // TRUNCATE fires no transition triggers: the pairs are computed again from what is left.
  `create function "rebuildProjectActivity"() returns trigger language plpgsql as $$
  begin
    delete from "tblProjectActivity";
    insert into "tblProjectActivity"
      select "empID", "projectID", max("ts") from (${sources}) u group by 1, 2 order by 1, 2;
    return null;
  end $$`,
  ...["tblProjectNotes", "tblProjectStatus"].flatMap((table) => [
    `create trigger "${table}_activity_insert" after insert on "${table}"
      referencing new table as changed for each statement execute function "notedProjectActivity"()`,
    `create trigger "${table}_activity_update" after update on "${table}"
      referencing new table as changed old table as changed_before for each statement
      execute function "notedProjectActivity"()`,
    `create trigger "${table}_activity_delete" after delete on "${table}"
      referencing old table as changed for each statement execute function "notedProjectActivity"()`,
    `create trigger "${table}_activity_truncate" after truncate on "${table}"
      for each statement execute function "rebuildProjectActivity"()`,
  ]),
  `create function "removedProjectActivity"() returns trigger language plpgsql as $$
  begin
    delete from "tblProjectActivity" where "projectID" in (select "projectID" from changed);
    return null;
  end $$`,
  `create trigger "tblProject_activity_delete" after delete on "tblProject"
    referencing old table as changed for each statement execute function "removedProjectActivity"()`,
  `create trigger "tblProject_activity_insert" after insert on "tblProject"
    referencing new table as changed for each statement execute function "ownedProjectActivity"()`,
  `create trigger "tblProject_activity_update" after update on "tblProject"
    referencing new table as changed old table as changed_before for each statement
    execute function "ownedProjectActivity"()`,

  // Left joins (the project is always there: its deletion takes its rows): a count of the
  // employee's rows, which every read of the data service makes, then reads no project at all.
  `create or replace view "vwMyRecentProjects" as
    select a."empID", a."projectID", p."projectName", st."appLookupValue" as "latestStatusName",
      a."lastActivityTS"
    from "tblProjectActivity" a
    left join "tblProject" p on p."projectID" = a."projectID"
    left join "tblAppLookup" st on st."appLookupID" = p."projectLatestStatusCodeID"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
