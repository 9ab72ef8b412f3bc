import { parseWhere, RESOURCES, type Resource, type Where } from "@office/core";
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../src/data/compile.js";

// Compiled only, never run.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compiled = (table: string, where: string) =>
  compileWhere(parseWhere(where) as Where, RESOURCES.get(table) as Resource).compile(db);

describe("a LIKE compiled", () => {
  it("compares a column the database keeps lower-cased in its copy, the pattern lowered once", () => {
    const { sql, parameters } = compiled(
      "vwProjectSearch",
      "projectName LIKE '%Ro%' OR projectFirstSourceNumber NOT LIKE 'PO%'",
    );
    expect(sql).toBe(`("projectNameFolded" like lower($1) or "projectFirstSourceFolded" not like lower($2))`);
    expect(parameters).toEqual(["%Ro%", "PO%"]);
  });

  it("is ILIKE on a column with no copy", () => {
    expect(compiled("tblProject", "projectName LIKE '%Ro%'").sql).toBe(`"projectName" ilike $1`);
  });
});
