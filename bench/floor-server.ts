/**
 * The floor for the data-service benchmark: the same SQL the data service runs for each of the
 * three calls, answered by bare handlers with no token, parsing or permission checks.
 */
import Fastify from "fastify";
import { type RawBuilder, sql } from "kysely";
import { openDatabase } from "../apps/server/dist/db/database.js";

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? "./data",
  poolSize: 10,
  statementTimeoutMs: 15_000,
  poolAcquireTimeoutMs: 5_000,
  companyTimeZone: "America/New_York",
});
const db = database.db;
const app = Fastify();

// Rows with the window count, as runQuery issues it without `continue`: past the confirm
// threshold the database sends one row for the total instead of the page.
async function countAndRows(
  table: string,
  where: RawBuilder<unknown>,
  fields: string[],
  order: string[],
  limit: number,
) {
  const totalRef = sql.ref("office:total");
  const { rows } = await sql<Record<string, unknown>>`with page as (select ${sql.join(fields.map((f) => sql.ref(f)))},
    count(*) over () as ${totalRef} from ${sql.table(table)} where ${where}
    order by ${sql.join(order.map((o) => sql`${sql.ref(o)} ASC`))} limit ${limit} offset ${0})
    select * from page where ${totalRef} <= ${20_000}
    union all
    select * from (select * from page where ${totalRef} > ${20_000} limit 1) over_threshold`.execute(db);
  const total = Number(rows[0]?.["office:total"] ?? 0);
  for (const row of rows) delete row["office:total"];
  return { data: rows, meta: { TotalRecords: total } };
}

app.get("/floor/search", async (request) => {
  const { term } = request.query as { term: string };
  const like = `%${term}%`;
  const where = sql`((${sql.ref("projectName")} ilike ${like} or ${sql.ref("projectFirstSourceNumber")} ilike ${like} or ${sql.ref("projectSecondSourceNumber")} ilike ${like}) and (${sql.ref("latestStatusCodeID")} is null or ${sql.ref("latestStatusCodeID")} not in (${56}, ${66}, ${194})))`;
  return countAndRows(
    "vwProjectSearch",
    where,
    ["projectID", "projectName", "projectFirstSourceNumber", "projectSecondSourceNumber"],
    ["projectName", "projectID"],
    50,
  );
});

app.get("/floor/notes", async (request) => {
  const { empID, from, to } = request.query as { empID: string; from: string; to: string };
  const where = sql`(${sql.ref("createdTS")} >= ${from}::timestamptz and ${sql.ref("createdTS")} < ${to}::timestamptz) and ${sql.ref("empID")} = ${Number(empID)}`;
  return countAndRows(
    "vwMyProjectNotes",
    where,
    ["projectNotesID", "projectName", "ProjectNotesDesc", "ProjectNotesMinutes", "createdTS"],
    ["createdTS", "projectNotesID"],
    20_000,
  );
});

// A hand-written handler's statement: the page and its total in one, no fence, no union.
async function plainPage(where: RawBuilder<unknown>, order: string) {
  const { rows } = await sql<Record<string, unknown>>`select "projectID", "projectName", "projectFirstSourceNumber",
    "projectSecondSourceNumber", count(*) over () as total from "tblProject" where ${where}
    order by ${sql.ref(order)}, "projectID" limit 50`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  for (const row of rows) delete row.total;
  return { data: rows, meta: { TotalRecords: total } };
}

app.get("/floor/project-page", async (request) => {
  const { low, high } = request.query as { low: string; high: string };
  return plainPage(sql`"projectID" between ${Number(low)} and ${Number(high)}`, "projectID");
});

app.get("/floor/project-fragment", async (request) => {
  const { term } = request.query as { term: string };
  return plainPage(sql`"projectName" ilike ${`%${term}%`}`, "projectName");
});

app.get("/floor/availability", async () =>
  countAndRows(
    "vwEmployeeAvailability",
    sql`true`,
    [
      "empID",
      "empFirstName",
      "empLastName",
      "departmentName",
      "departmentEmail",
      "empOfficeExtention",
      "todayHours",
      "empAvailabilityType",
      "empAvailabilityTS",
    ],
    ["departmentName", "empLastName", "empFirstName", "empID"],
    20_000,
  ),
);

await app.listen({ port: Number(process.env.PORT ?? 3401), host: "127.0.0.1" });
console.log("floor ready");
process.on("SIGTERM", () => {
  app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
