import { type Kysely, sql } from "kysely";

/**
 * The project type-ahead's texts lower-cased, kept by the database beside them. Its search
 * counts every open project that matches (the total), and a fragment of two letters uses no
 * trigram index, so each keystroke reads all 60,000 projects at scale 20: with ILIKE, which
 * lowers each text as it reads it, 50–90 ms on PostgreSQL; with LIKE on these copies, 17–20 ms
 * (bench/RESULTS.md, issue 38). A where's LIKE on the view's columns compares here
 * (core's `foldedIn`); the trigram indexes keep a longer fragment that matches few projects
 * from reading them all.
 */
const FOLDED = [
  ["projectName", "projectNameFolded"],
  ["projectFirstSourceNumber", "projectFirstSourceFolded"],
  ["projectSecondSourceNumber", "projectSecondSourceFolded"],
] as const;

const statements = [
  `alter table "tblProject" ${FOLDED.map(
    ([column, folded]) => `add column "${folded}" text generated always as (lower("${column}")) stored`,
  ).join(", ")}`,
  ...FOLDED.map(
    ([, folded]) => `create index "tblProject_${folded}_trgm" on "tblProject" using gin ("${folded}" gin_trgm_ops)`,
  ),
  `create or replace view "vwProjectSearch" as
    select "projectID", "projectName", "projectFirstSourceNumber", "projectSecondSourceNumber",
      "projectLatestStatusCodeID" as "latestStatusCodeID",
      ${FOLDED.map(([, folded]) => `"${folded}"`).join(", ")}
    from "tblProject"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
