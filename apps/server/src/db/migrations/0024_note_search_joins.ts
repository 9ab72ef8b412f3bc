import { type Kysely, sql } from "kysely";

/**
 * The notes / time search's view joins its names with left joins. A note always has its project
 * and author (foreign keys, not null), so the rows are the same; but a left join to a key whose
 * columns a statement does not use is left out by the planner, so that totals and reports of a
 * year's notes (a million at scale 20) grouped by author, project or month read tblProjectNotes
 * alone, and are named after grouping (bench/RESULTS.md, issue 37: hours by employee 262 ms to
 * 109 ms on PostgreSQL for the grouping's statement).
 */
const statements = [
  `create or replace view "vwProjectNoteSearch" as
    select n.*, p."projectName", e."empLastName" || ', ' || e."empFirstName" as "empName",
      cat."appLookupValue" as "categoryName"
    from "tblProjectNotes" n
    left join "tblProject" p on p."projectID" = n."projectID"
    left join "tblEmployee" e on e."empID" = n."empID"
    left join "tblAppLookup" cat on cat."appLookupID" = n."projectNoteCategory"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
