import { SCHEDULE_CATEGORY } from "@office/core";
import { type Kysely, sql } from "kysely";

/**
 * Out of office in the live updates (issue 35): an "Out of office" event written, moved, changed
 * on one occurrence or removed may change its attendees' status in the availability list, so
 * its attendees are told on `office_live` as a change of their entry ({"empID": n}, as migration
 * 0005's triggers do), when the transaction commits. The hub reads their rows with their
 * absences (calendar/out-of-office.ts). Whatever writes the event (the calendar's calls, a seed,
 * SQL) is seen alike. Nothing is told when an absence begins or ends: the browser sees that
 * on its clock.
 */
const OUT = SCHEDULE_CATEGORY.outOfOffice;

const statements = [
  // Its attendees, before a delete takes them with it; after any other change.
  `create function "liveAbsenceEventChanged"() returns trigger language plpgsql as $$
  begin
    perform pg_notify('office_live', json_build_object('empID', a."empID")::text)
      from "tblEventAttendee" a where a."eventID" = coalesce(new."eventID", old."eventID");
    return coalesce(new, old);
  end $$`,
  `create trigger "tblEvent_live_update" after update on "tblEvent"
    for each row when (old."eventCategory" = ${OUT} or new."eventCategory" = ${OUT})
    execute function "liveAbsenceEventChanged"()`,
  `create trigger "tblEvent_live_delete" before delete on "tblEvent"
    for each row when (old."eventCategory" = ${OUT}) execute function "liveAbsenceEventChanged"()`,

  // Someone added to or taken off an event that is (still) out of office.
  `create function "liveAbsenceAttendeeChanged"() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'DELETE' and exists (select 1 from "tblEvent"
        where "eventID" = new."eventID" and "eventCategory" = ${OUT}) then
      perform pg_notify('office_live', json_build_object('empID', new."empID")::text);
    end if;
    if tg_op <> 'INSERT' and exists (select 1 from "tblEvent"
        where "eventID" = old."eventID" and "eventCategory" = ${OUT}) then
      perform pg_notify('office_live', json_build_object('empID', old."empID")::text);
    end if;
    return null;
  end $$`,
  `create trigger "tblEventAttendee_live" after insert or update or delete on "tblEventAttendee"
    for each row execute function "liveAbsenceAttendeeChanged"()`,

  // One occurrence moved, shortened or removed.
  `create function "liveAbsenceExceptionChanged"() returns trigger language plpgsql as $$
  begin
    perform pg_notify('office_live', json_build_object('empID', a."empID")::text)
      from "tblEventAttendee" a join "tblEvent" e on e."eventID" = a."eventID"
      where a."eventID" = coalesce(new."eventID", old."eventID") and e."eventCategory" = ${OUT};
    return null;
  end $$`,
  `create trigger "tblEventException_live" after insert or update or delete on "tblEventException"
    for each row execute function "liveAbsenceExceptionChanged"()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
