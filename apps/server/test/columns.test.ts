import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { col, PAGES, pageAccess, RESOURCES, readOnly, resource } from "@office/core";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "./support/app.js";
import { ENGINES, type TestDatabase } from "./support/engines.js";
import {
  type DbColumn,
  databaseColumns,
  declarationDrift,
  type KyselyTables,
  kyselyDrift,
  kyselyTables,
} from "./support/schema-drift.js";

/*
 * A table's columns are said in the migrations, in core's resource declarations and in
 * schema.ts's Kysely types: the three must agree (support/schema-drift.ts says how exactly).
 */

const SCHEMA = fileURLToPath(new URL("../src/db/schema.ts", import.meta.url));
/** Where a schema that is no file is read as if it were one (beside schema.ts: Kysely resolves). */
const VIRTUAL = fileURLToPath(new URL("../src/db/schema-drift-check.ts", import.meta.url));

let kysely: KyselyTables;
beforeAll(() => {
  kysely = kyselyTables(SCHEMA);
});

describe.each(ENGINES)("the columns of the migrated database on $name", (engine) => {
  let testDb: TestDatabase;
  let columns: DbColumn[];
  beforeAll(async () => {
    testDb = await seededDatabase(engine);
    columns = await databaseColumns(testDb.database.db as Kysely<unknown>);
  });
  afterAll(() => testDb?.dispose());

  it("are those every resource declares: each there, of its type, null where it may be, as long as it may be", () => {
    expect(declarationDrift(RESOURCES.values(), columns)).toEqual([]);
  });

  it("are the tables and columns of schema.ts's DB, no more, null where they may be, of their types", () => {
    expect(kyselyDrift(kysely, columns)).toEqual([]);
  });

  it("differ from a declaration or from schema.ts as soon as one column does", () => {
    const drifted = columns.map((c) =>
      c.table === "tblEmployee" && c.column === "empLastName" ? { ...c, nullable: true } : c,
    );
    const added = (before: string[], after: string[]) => after.filter((problem) => !before.includes(problem));
    expect(added(declarationDrift(RESOURCES.values(), columns), declarationDrift(RESOURCES.values(), drifted))).toEqual(
      ["tblEmployee.empLastName: declared never null, the database allows null"],
    );
    expect(added(kyselyDrift(kysely, columns), kyselyDrift(kysely, drifted))).toEqual([
      "tblEmployee.empLastName: never null in schema.ts, the database allows null",
    ]);
  });

  it("differ from a copy of schema.ts with one column's type changed", () => {
    const text = readFileSync(SCHEMA, "utf8");
    const edited = text.replace("  empLastName: string;\n", "  empLastName: string | null;\n");
    expect(edited).not.toBe(text);
    expect(kyselyDrift(kyselyTables(VIRTUAL, edited), columns)).toEqual([
      "tblEmployee.empLastName: null in schema.ts, the database has it NOT NULL",
    ]);
  });
});

/* The comparisons themselves, on made-up columns: each kind of drift is named. */

const FAKE = resource({
  name: "tblFake",
  kind: "table",
  key: "fakeID",
  columns: {
    fakeID: col.id(),
    fakeName: col.text(50),
    fakeNote: col.text(100, { nullable: true }),
    fakeKind: col.oneOf(["In", "Out"]),
    fakeCount: col.integer({ optional: true }),
    fakeDay: col.date({ nullable: true }),
    fakeTS: col.now(),
  },
  access: pageAccess(PAGES.notes),
});
const FAKE_VIEW = resource({
  name: "vwFake",
  kind: "view",
  key: "fakeID",
  columns: { fakeID: col.integer(), fakeName: col.text(50, { foldedIn: "fakeNameFolded" }) },
  access: readOnly("anyone"),
});

const column = (table: string, name: string, dataType: string, more: Partial<DbColumn> = {}): DbColumn => ({
  table,
  kind: table.startsWith("vw") ? "view" : "table",
  column: name,
  dataType,
  nullable: false,
  maxLength: null,
  filled: false,
  ...more,
});

const FAKE_COLUMNS: DbColumn[] = [
  column("tblFake", "fakeID", "integer", { filled: true }),
  column("tblFake", "fakeName", "character varying", { maxLength: 50 }),
  column("tblFake", "fakeNote", "text", { nullable: true }),
  column("tblFake", "fakeKind", "text"),
  column("tblFake", "fakeCount", "integer", { filled: true }),
  column("tblFake", "fakeDay", "date", { nullable: true }),
  column("tblFake", "fakeTS", "timestamp with time zone", { filled: true }),
  // information_schema calls every column of a view nullable.
  column("vwFake", "fakeID", "integer", { nullable: true }),
  column("vwFake", "fakeName", "text", { nullable: true }),
  column("vwFake", "fakeNameFolded", "text", { nullable: true }),
];

/** The fake columns with one changed (or, given null, removed). */
function changed(table: string, name: string, change: Partial<DbColumn> | null): DbColumn[] {
  return FAKE_COLUMNS.flatMap((c) =>
    c.table === table && c.column === name ? (change === null ? [] : [{ ...c, ...change }]) : [c],
  );
}

describe("comparing resource declarations with the database", () => {
  const drift = (columns: DbColumn[]) => declarationDrift([FAKE, FAKE_VIEW], columns);

  it("finds nothing where they agree", () => {
    expect(drift(FAKE_COLUMNS)).toEqual([]);
  });

  it.each<[string, DbColumn[], string]>([
    ["a missing column", changed("tblFake", "fakeNote", null), "tblFake.fakeNote: declared, not in the database"],
    [
      "a missing lower-cased copy",
      changed("vwFake", "fakeNameFolded", null),
      "vwFake.fakeName: searched in fakeNameFolded, not in the database",
    ],
    [
      "a missing table",
      FAKE_COLUMNS.filter((c) => c.table !== "tblFake"),
      "tblFake: declared as a table, not in the database",
    ],
    [
      "a view for a table",
      FAKE_COLUMNS.map((c) => (c.table === "tblFake" ? { ...c, kind: "view" as const } : c)),
      "tblFake: declared as a table, the database has a view",
    ],
    [
      "another type",
      changed("tblFake", "fakeCount", { dataType: "text" }),
      "tblFake.fakeCount: declared integer, the database has text",
    ],
    [
      "a timestamp for a date",
      changed("tblFake", "fakeDay", { dataType: "timestamp with time zone" }),
      "tblFake.fakeDay: declared a date, the database has timestamp with time zone",
    ],
    [
      "a date for a date and time",
      changed("tblFake", "fakeTS", { dataType: "date" }),
      "tblFake.fakeTS: declared a date and time, the database has date",
    ],
    [
      "a nullable column declared never null",
      changed("tblFake", "fakeName", { nullable: true }),
      "tblFake.fakeName: declared never null, the database allows null",
    ],
    [
      "a NOT NULL column declared nullable",
      changed("tblFake", "fakeNote", { nullable: false }),
      "tblFake.fakeNote: declared nullable, the database has it NOT NULL",
    ],
    [
      "an optional column the database does not fill",
      changed("tblFake", "fakeCount", { filled: false }),
      "tblFake.fakeCount: may be left out of an insert, but is NOT NULL with no default",
    ],
    [
      "a varchar of another length",
      changed("tblFake", "fakeName", { maxLength: 60 }),
      "tblFake.fakeName: declared at most 50 characters, the database has character varying(60)",
    ],
    [
      "a varchar declared without a length",
      changed("tblFake", "fakeKind", { dataType: "character varying", maxLength: 3 }),
      "tblFake.fakeKind: declared without a maximum length, the database has character varying(3)",
    ],
    ["a view's missing column", changed("vwFake", "fakeName", null), "vwFake.fakeName: declared, not in the database"],
  ])("names %s", (_, columns, problem) => {
    expect(drift(columns)).toEqual([problem]);
  });
});

const FAKE_SCHEMA = `import type { ColumnType, Generated } from "kysely";
type Stamp = ColumnType<Date, Date | string, Date | string>;
type Named<P extends string> = Record<\`\${P}Name\`, string>;
export type TblFake = Named<"fake"> & {
  fakeID: Generated<number>;
  fakeNote: string | null;
  fakeKind: "In" | "Out";
  fakeDay: Date | string | null;
  fakeTS: Stamp;
  fakeDone: ColumnType<Date | null, never, never>;
  fakeFlag: Generated<boolean>;
  fakeData: unknown;
};
export interface DB {
  tblFake: TblFake;
}
`;

const KYSELY_COLUMNS: DbColumn[] = [
  column("tblFake", "fakeID", "integer", { filled: true }),
  column("tblFake", "fakeName", "text"),
  column("tblFake", "fakeNote", "text", { nullable: true }),
  column("tblFake", "fakeKind", "text"),
  column("tblFake", "fakeDay", "date", { nullable: true }),
  column("tblFake", "fakeTS", "timestamp with time zone", { filled: true }),
  column("tblFake", "fakeDone", "timestamp with time zone", { nullable: true }),
  column("tblFake", "fakeFlag", "boolean", { filled: true }),
  column("tblFake", "fakeData", "jsonb", { nullable: true }),
  // A view is no table of DB.
  column("vwFake", "fakeID", "integer", { nullable: true }),
];

describe("comparing schema.ts's types with the database", () => {
  let fake: KyselyTables;
  beforeAll(() => {
    fake = kyselyTables(VIRTUAL, FAKE_SCHEMA);
  });
  const kyselyChanged = (name: string, change: Partial<DbColumn> | null) =>
    KYSELY_COLUMNS.flatMap((c) =>
      c.table === "tblFake" && c.column === name ? (change === null ? [] : [{ ...c, ...change }]) : [c],
    );

  it("reads each column's select type: null or not, and the kinds of its values", () => {
    expect(Object.fromEntries(fake.get("tblFake") ?? [])).toEqual({
      fakeName: { nullable: false, kinds: ["string"] },
      fakeID: { nullable: false, kinds: ["number"] },
      fakeNote: { nullable: true, kinds: ["string"] },
      fakeKind: { nullable: false, kinds: ["string"] },
      fakeDay: { nullable: true, kinds: ["Date", "string"] },
      fakeTS: { nullable: false, kinds: ["Date"] },
      fakeDone: { nullable: true, kinds: ["Date"] },
      fakeFlag: { nullable: false, kinds: ["boolean"] },
      fakeData: { nullable: true, kinds: ["unknown"] },
    });
    expect([...fake.keys()]).toEqual(["tblFake"]);
  });

  it("finds nothing where they agree", () => {
    expect(kyselyDrift(fake, KYSELY_COLUMNS)).toEqual([]);
  });

  it.each<[string, DbColumn[], string]>([
    [
      "a nullable column typed never null",
      kyselyChanged("fakeName", { nullable: true }),
      "tblFake.fakeName: never null in schema.ts, the database allows null",
    ],
    [
      "a NOT NULL column typed null",
      kyselyChanged("fakeDone", { nullable: false }),
      "tblFake.fakeDone: null in schema.ts, the database has it NOT NULL",
    ],
    [
      "a column of the database not in the type",
      [...KYSELY_COLUMNS, column("tblFake", "fakeExtra", "text")],
      "tblFake.fakeExtra: a column of the database, not in schema.ts",
    ],
    [
      "a column of the type not in the database",
      kyselyChanged("fakeData", null),
      "tblFake.fakeData: in schema.ts, not in the database",
    ],
    [
      "a table not in DB",
      [...KYSELY_COLUMNS, column("tblOther", "otherID", "integer")],
      "tblOther: a table of the database, not in schema.ts's DB",
    ],
    [
      "a table of DB not in the database",
      KYSELY_COLUMNS.filter((c) => c.table !== "tblFake"),
      "tblFake: in schema.ts's DB, not in the database",
    ],
    [
      "a value of another type",
      kyselyChanged("fakeName", { dataType: "integer" }),
      "tblFake.fakeName: string in schema.ts, the database has integer",
    ],
    [
      "a date for a timestamp",
      kyselyChanged("fakeDay", { dataType: "timestamp with time zone" }),
      "tblFake.fakeDay: Date | string in schema.ts, the database has timestamp with time zone",
    ],
    [
      "unknown for a column that is no JSON",
      kyselyChanged("fakeData", { dataType: "text" }),
      "tblFake.fakeData: unknown in schema.ts, the database has text",
    ],
  ])("names %s", (_, columns, problem) => {
    expect(kyselyDrift(fake, columns)).toEqual([problem]);
  });
});
