import { type Kysely, sql } from "kysely";

/**
 * Live updates of colleagues' availability (issue 6). Triggers tell every listening server
 * process, through PostgreSQL's NOTIFY on the channel `office_live`, which employee's entry in
 * the availability list may have changed ({"empID": n}) or that the departments changed
 * ({"departments": true}). Notifications are sent when the transaction commits, so a rolled
 * back change is never announced, and whatever writes the row (the data service, a seed, an
 * administrator's SQL) is seen alike.
 */
/** The columns of tblEmployee that the availability view shows or selects by. */
const LISTED = [
  "empID",
  "empFirstName",
  "empLastName",
  "empActive",
  "empDepartment",
  "empOfficeExtention",
  ...["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"].map((day) => `empOfficeHours${day}`),
  "empAvailabilityType",
  "empAvailabilityTS",
];

const statements = [
  `create function "liveEmployeeChanged"() returns trigger language plpgsql as $$
  begin
    perform pg_notify('office_live', json_build_object('empID', coalesce(new."empID", old."empID"))::text);
    return null;
  end $$`,
  `create trigger "tblEmployee_live_insert_delete" after insert or delete on "tblEmployee"
    for each row execute function "liveEmployeeChanged"()`,
  // Only a change of what the list shows, or of who is in it: other edits of an employee's
  // record (their manager, say) tell the streams nothing.
  `create trigger "tblEmployee_live_update" after update on "tblEmployee"
    for each row when ((${LISTED.map((c) => `old."${c}"`).join(", ")}) is distinct from (${LISTED.map((c) => `new."${c}"`).join(", ")}))
    execute function "liveEmployeeChanged"()`,

  // Page 42 (view) decides who is listed: a change of such a row lists or unlists someone.
  `create function "livePermissionChanged"() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' and old."permissionPageID" = 42 then
      perform pg_notify('office_live', json_build_object('empID', old."empID")::text);
    end if;
    if tg_op <> 'DELETE' and new."permissionPageID" = 42 then
      perform pg_notify('office_live', json_build_object('empID', new."empID")::text);
    end if;
    return null;
  end $$`,
  `create trigger "tblPermission_live" after insert or update or delete on "tblPermission"
    for each row execute function "livePermissionChanged"()`,

  // A department's name or contact address (lookups under 135) shows on every row of its people.
  `create function "liveDepartmentsChanged"() returns trigger language plpgsql as $$
  begin
    if (tg_op <> 'INSERT' and old."appLookupParentID" = '135')
      or (tg_op <> 'DELETE' and new."appLookupParentID" = '135') then
      perform pg_notify('office_live', '{"departments":true}');
    end if;
    return null;
  end $$`,
  `create trigger "tblAppLookup_live" after insert or update or delete on "tblAppLookup"
    for each row execute function "liveDepartmentsChanged"()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
