import { type Kysely, sql } from "kysely";

/**
 * The projects area (issue 8): a project's client, category, owner, dates and description;
 * its latest status kept on it; who set each status; the views of the project search, the
 * notes search, the status history and audit and the dashboard; and portal orders.
 */
const latestStatus = `select s."projectStatusCodeID", s."createdTS" from "tblProjectStatus" s
  where s."projectID" = c."projectID" order by s."createdTS" desc, s."projectStatusID" desc limit 1`;

const statements = [
  `alter table "tblProject"
    add column "projectClientID" integer references "tblClient" ("clientID"),
    add column "projectCategory" integer references "tblAppLookup" ("appLookupID"),
    add column "projectOwnerID" integer references "tblEmployee" ("empID"),
    add column "projectStartDate" date,
    add column "projectDueDate" date,
    add column "projectDescription" text,
    add column "projectLatestStatusCodeID" integer references "tblAppLookup" ("appLookupID"),
    add column "projectLatestStatusTS" timestamptz,
    add column "projectCreatedTS" timestamptz not null default now(),
    add constraint "tblProject_dates" check ("projectDueDate" >= "projectStartDate")`,
  `create index "tblProject_client" on "tblProject" ("projectClientID")`,
  `create index "tblProject_owner" on "tblProject" ("projectOwnerID")`,
  `create index "tblProject_category" on "tblProject" ("projectCategory")`,
  `create index "tblProject_latest_status" on "tblProject" ("projectLatestStatusCodeID")`,
  `create index "tblProject_created" on "tblProject" ("projectCreatedTS")`,

  `alter table "tblProjectStatus" add column "empID" integer references "tblEmployee" ("empID")`,
  `create index "tblProjectStatus_time" on "tblProjectStatus" ("createdTS")`,
  `create index "tblProjectStatus_employee" on "tblProjectStatus" ("empID", "createdTS")`,
  `create index "tblProjectNotes_time" on "tblProjectNotes" ("createdTS")`,
  // One employee's notes over a year (the notes search and its totals) read from the index
  // alone, not from thousands of scattered table pages (bench/RESULTS.md, issue 8).
  `drop index "tblProjectNotes_employee_time"`,
  `create index "tblProjectNotes_employee_time" on "tblProjectNotes" ("empID", "createdTS")
    include ("projectID", "projectNoteCategory", "ProjectNotesMinutes", "projectNotesID")`,

  // The latest status is the project's, written by the database whenever the history changes:
  // once per statement, for the projects the statement touched, so a bulk load costs one pass.
  // The projects are locked first and read in a statement of their own: in READ COMMITTED each
  // statement of this (volatile) function takes a new snapshot, so a transaction that waited
  // for another's lock on a project then sees the status that one committed, rather than
  // writing back its own older status from a snapshot taken before. FOR NO KEY UPDATE, the lock
  // the update takes anyway: FOR UPDATE would also wait on the key-share locks that the foreign
  // key checks of two concurrent status inserts hold, and deadlock them.
  `create function "refreshLatestStatus"() returns trigger language plpgsql as $$
  declare
    touched integer[];
  begin
    if TG_OP = 'UPDATE' then
      select array_agg(distinct "projectID") into touched
        from (select "projectID" from changed union select "projectID" from changed_before) c;
    else
      select array_agg(distinct "projectID") into touched from changed;
    end if;
    perform 1 from "tblProject" where "projectID" = any (touched) order by "projectID" for no key update;
    update "tblProject" p set "projectLatestStatusCodeID" = l."projectStatusCodeID",
      "projectLatestStatusTS" = l."createdTS"
    from unnest(touched) c ("projectID")
    left join lateral (${latestStatus}) l on true
    where p."projectID" = c."projectID";
    return null;
  end $$`,
  `create trigger "tblProjectStatus_latest_insert" after insert on "tblProjectStatus"
    referencing new table as changed for each statement execute function "refreshLatestStatus"()`,
  `create trigger "tblProjectStatus_latest_update" after update on "tblProjectStatus"
    referencing new table as changed old table as changed_before for each statement
    execute function "refreshLatestStatus"()`,
  `create trigger "tblProjectStatus_latest_delete" after delete on "tblProjectStatus"
    referencing old table as changed for each statement execute function "refreshLatestStatus"()`,
  // TRUNCATE fires no row or transition triggers: it empties every history.
  `create function "clearLatestStatus"() returns trigger language plpgsql as $$
  begin
    update "tblProject" set "projectLatestStatusCodeID" = null, "projectLatestStatusTS" = null
      where "projectLatestStatusCodeID" is not null;
    return null;
  end $$`,
  `create trigger "tblProjectStatus_latest_truncate" after truncate on "tblProjectStatus"
    for each statement execute function "clearLatestStatus"()`,
  // A project's latest status is its history's, whatever an insert sends: a project restored
  // from the audit trail comes back without the statuses that went with it (until they too are
  // restored), and a new one has none.
  `create function "latestStatusOfNewProject"() returns trigger language plpgsql as $$
  begin
    select l."projectStatusCodeID", l."createdTS" into new."projectLatestStatusCodeID", new."projectLatestStatusTS"
      from (select new."projectID") c ("projectID") cross join lateral (${latestStatus}) l;
    return new;
  end $$`,
  `create trigger "tblProject_latest_status" before insert on "tblProject"
    for each row execute function "latestStatusOfNewProject"()`,
  // Projects made before this migration: their latest status, and the day their history began.
  `update "tblProject" p set "projectLatestStatusCodeID" = l."projectStatusCodeID",
     "projectLatestStatusTS" = l."createdTS",
     "projectCreatedTS" = coalesce((select min("createdTS") from "tblProjectStatus" s
       where s."projectID" = p."projectID"), p."projectCreatedTS")
   from "tblProject" c left join lateral (${latestStatus}) l on true
   where c."projectID" = p."projectID"`,

  // The header's dropdown reads the kept status now, not the history.
  `create or replace view "vwProjectSearch" as
    select "projectID", "projectName", "projectFirstSourceNumber", "projectSecondSourceNumber",
      "projectLatestStatusCodeID" as "latestStatusCodeID"
    from "tblProject"`,
  `create view "vwProjectList" as
    select p.*, c."clientName", cat."appLookupValue" as "categoryName",
      o."empLastName" || ', ' || o."empFirstName" as "ownerName",
      st."appLookupValue" as "latestStatusName"
    from "tblProject" p
    left join "tblClient" c on c."clientID" = p."projectClientID"
    left join "tblAppLookup" cat on cat."appLookupID" = p."projectCategory"
    left join "tblEmployee" o on o."empID" = p."projectOwnerID"
    left join "tblAppLookup" st on st."appLookupID" = p."projectLatestStatusCodeID"`,
  // The dashboard's counts by status (page 2), without the rest of the project list (page 3).
  `create view "vwProjectsByStatus" as
    select p."projectID", p."projectLatestStatusCodeID", st."appLookupValue" as "latestStatusName"
    from "tblProject" p
    left join "tblAppLookup" st on st."appLookupID" = p."projectLatestStatusCodeID"`,
  `create view "vwProjectNoteSearch" as
    select n.*, p."projectName", e."empLastName" || ', ' || e."empFirstName" as "empName",
      cat."appLookupValue" as "categoryName"
    from "tblProjectNotes" n
    join "tblProject" p on p."projectID" = n."projectID"
    join "tblEmployee" e on e."empID" = n."empID"
    left join "tblAppLookup" cat on cat."appLookupID" = n."projectNoteCategory"`,
  `create view "vwProjectStatusHistory" as
    select s."projectStatusID", s."projectID", p."projectName", s."projectStatusCodeID",
      st."appLookupValue" as "statusName", s."empID",
      e."empLastName" || ', ' || e."empFirstName" as "empName", s."createdTS"
    from "tblProjectStatus" s
    join "tblProject" p on p."projectID" = s."projectID"
    left join "tblAppLookup" st on st."appLookupID" = s."projectStatusCodeID"
    left join "tblEmployee" e on e."empID" = s."empID"`,
  // The status a change replaced: the project's row before it (one index probe).
  `create view "vwProjectStatusAudit" as
    select h.*, prev."projectStatusCodeID" as "oldStatusCodeID", old."appLookupValue" as "oldStatusName"
    from "vwProjectStatusHistory" h
    left join lateral (select x."projectStatusCodeID" from "tblProjectStatus" x
      where x."projectID" = h."projectID" and (x."createdTS", x."projectStatusID") < (h."createdTS", h."projectStatusID")
      order by x."createdTS" desc, x."projectStatusID" desc limit 1) prev on true
    left join "tblAppLookup" old on old."appLookupID" = prev."projectStatusCodeID"`,
  // Grouped by employee and project first: an employee's ~16,000 activity rows become a few
  // hundred before the project's names are joined (bench/RESULTS.md, issue 8).
  `create view "vwMyRecentProjects" as
    select a."empID", p."projectID", p."projectName", st."appLookupValue" as "latestStatusName",
      a."lastActivityTS"
    from (
      select "empID", "projectID", max("ts") as "lastActivityTS"
      from (
        select "empID", "projectID", "createdTS" as "ts" from "tblProjectNotes"
        union all
        select "empID", "projectID", "createdTS" from "tblProjectStatus" where "empID" is not null
        union all
        select "projectOwnerID", "projectID", "projectCreatedTS" from "tblProject" where "projectOwnerID" is not null
      ) u
      group by "empID", "projectID"
    ) a
    join "tblProject" p on p."projectID" = a."projectID"
    left join "tblAppLookup" st on st."appLookupID" = p."projectLatestStatusCodeID"`,

  // A contact of the order must be one of its client's: the pair is a key of the contacts.
  `alter table "tblClientContact" add constraint "tblClientContact_client_contact" unique ("clientID", "contactID")`,
  `create table "tblPortalOrder" (
    "portalOrderID" integer generated by default as identity primary key,
    "portalOrderNumber" text not null unique,
    "portalOrderTitle" text not null,
    "clientID" integer not null references "tblClient" ("clientID"),
    "contactID" integer,
    "portalOrderRequestedDate" date,
    "portalOrderStatus" integer not null default 0 check ("portalOrderStatus" in (0, 1, 2)),
    "portalOrderNotes" text,
    "projectID" integer unique references "tblProject" ("projectID") on delete set null,
    "createdTS" timestamptz not null default now(),
    constraint "tblPortalOrder_contact_of_client" foreign key ("clientID", "contactID") references "tblClientContact" ("clientID", "contactID"),
    -- An order that became a project stays approved.
    constraint "tblPortalOrder_project_approved" check ("projectID" is null or "portalOrderStatus" = 1)
  )`,
  `create index "tblPortalOrder_status" on "tblPortalOrder" ("portalOrderStatus", "createdTS")`,
  `create index "tblPortalOrder_client" on "tblPortalOrder" ("clientID")`,
  `create table "tblPortalOrderItem" (
    "portalOrderItemID" integer generated by default as identity primary key,
    "portalOrderID" integer not null references "tblPortalOrder" ("portalOrderID") on delete cascade,
    "itemCategory" integer references "tblAppLookup" ("appLookupID"),
    "itemDescription" text not null,
    "itemQuantity" integer not null check ("itemQuantity" between 1 and 100000)
  )`,
  `create index "tblPortalOrderItem_order" on "tblPortalOrderItem" ("portalOrderID")`,
  `create view "vwPortalOrderItemList" as
    select i.*, cat."appLookupValue" as "categoryName"
    from "tblPortalOrderItem" i
    left join "tblAppLookup" cat on cat."appLookupID" = i."itemCategory"`,
  `create view "vwPortalOrderList" as
    select o.*, c."clientName", ct."contactName",
      (select count(*)::int from "tblPortalOrderItem" i where i."portalOrderID" = o."portalOrderID") as "itemCount"
    from "tblPortalOrder" o
    join "tblClient" c on c."clientID" = o."clientID"
    left join "tblClientContact" ct on ct."contactID" = o."contactID"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
