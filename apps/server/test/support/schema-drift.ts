import type { Column, Resource } from "@office/core";
import { type Kysely, sql } from "kysely";
import ts from "typescript";

/*
 * A table's columns are said three times: by the migrations (the database), by the resource
 * declarations of core (what the API reads and writes) and by schema.ts's Kysely types (what
 * the server's own queries compile against). These compare the database with the other two
 * and list every difference; columns.test.ts runs them.
 */

/** A column of the migrated database, from information_schema.columns. */
export interface DbColumn {
  table: string;
  kind: "table" | "view";
  column: string;
  /** information_schema's data_type: integer, text, timestamp with time zone, date, ... */
  dataType: string;
  nullable: boolean;
  /** A varchar's or char's length; null for text and every other type. */
  maxLength: number | null;
  /** Filled by the database when an insert leaves it out: a default, an identity or a generated column. */
  filled: boolean;
}

/** Kysely's own bookkeeping: no table of the application's. */
const KYSELY_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

export async function databaseColumns(db: Kysely<unknown>): Promise<DbColumn[]> {
  const { rows } = await sql<{
    table_name: string;
    table_type: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    character_maximum_length: number | null;
    filled: boolean;
  }>`select c.table_name, t.table_type, c.column_name, c.data_type, c.is_nullable,
      c.character_maximum_length,
      (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as filled
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public'
    order by c.table_name, c.ordinal_position`.execute(db);
  return rows
    .filter((row) => !KYSELY_TABLES.has(row.table_name))
    .map((row) => ({
      table: row.table_name,
      kind: row.table_type === "VIEW" ? "view" : "table",
      column: row.column_name,
      dataType: row.data_type,
      nullable: row.is_nullable === "YES",
      maxLength: row.character_maximum_length === null ? null : Number(row.character_maximum_length),
      filled: row.filled,
    }));
}

function byTable(columns: readonly DbColumn[]): Map<string, Map<string, DbColumn>> {
  const tables = new Map<string, Map<string, DbColumn>>();
  for (const column of columns) {
    const table = tables.get(column.table) ?? new Map<string, DbColumn>();
    table.set(column.column, column);
    tables.set(column.table, table);
  }
  return tables;
}

/** The SQL types a declared column type may be stored as. */
const SQL_TYPES: Record<Column["type"], readonly string[]> = {
  integer: ["smallint", "integer", "bigint"],
  text: ["text", "character varying", "character"],
  timestamp: ["timestamp with time zone", "timestamp without time zone", "date"],
  money: ["numeric"],
};

const maxOf = (column: Column): number | undefined => {
  for (const rule of column.rules ?? []) if (typeof rule === "object" && "max" in rule) return rule.max;
  return undefined;
};

/**
 * Every difference between the resource declarations and the database:
 * - each resource is a table (or view, as declared) of the database, and each declared column one of its columns;
 * - the declared type is stored as that type (integer, text, a timestamp), a date field as a
 *   date and a date-and-time as a timestamp;
 * - a table's column is nullable exactly when it is declared nullable (a view's nullability
 *   is not known to information_schema: every view column says YES);
 * - a column that may be left out of an insert, never null and not set by the server, is
 *   filled by the database (a default or an identity);
 * - a varchar's (or char's) length is the declared maximum length; a text column has none.
 */
export function declarationDrift(resources: Iterable<Resource>, columns: readonly DbColumn[]): string[] {
  const tables = byTable(columns);
  const problems: string[] = [];
  for (const def of resources) {
    const table = tables.get(def.name);
    if (!table) {
      problems.push(`${def.name}: declared as a ${def.kind}, not in the database`);
      continue;
    }
    const actualKind = [...table.values()][0]?.kind;
    if (actualKind !== def.kind)
      problems.push(`${def.name}: declared as a ${def.kind}, the database has a ${actualKind}`);
    for (const [name, column] of Object.entries(def.columns)) {
      const where = `${def.name}.${name}`;
      const actual = table.get(name);
      if (!actual) {
        problems.push(`${where}: declared, not in the database`);
        continue;
      }
      if (column.foldedIn && !table.has(column.foldedIn))
        problems.push(`${where}: searched in ${column.foldedIn}, not in the database`);
      if (!SQL_TYPES[column.type].includes(actual.dataType))
        problems.push(`${where}: declared ${column.type}, the database has ${actual.dataType}`);
      else if (column.field?.kind === "date" && actual.dataType !== "date")
        problems.push(`${where}: declared a date, the database has ${actual.dataType}`);
      else if (column.field?.kind === "datetime" && !actual.dataType.startsWith("timestamp"))
        problems.push(`${where}: declared a date and time, the database has ${actual.dataType}`);
      if (actual.kind === "table" && column.nullable !== actual.nullable)
        problems.push(
          column.nullable
            ? `${where}: declared nullable, the database has it NOT NULL`
            : `${where}: declared never null, the database allows null`,
        );
      if (
        actual.kind === "table" &&
        column.optional &&
        !column.nullable &&
        !column.serverOwned &&
        !actual.nullable &&
        !actual.filled
      )
        problems.push(`${where}: may be left out of an insert, but is NOT NULL with no default`);
      const max = maxOf(column);
      if (actual.maxLength !== null && max !== actual.maxLength)
        problems.push(
          max === undefined
            ? `${where}: declared without a maximum length, the database has ${actual.dataType}(${actual.maxLength})`
            : `${where}: declared at most ${max} characters, the database has ${actual.dataType}(${actual.maxLength})`,
        );
    }
  }
  return problems;
}

/** What a column of schema.ts's DB reads as (its select type), by kind. */
export interface KyselyColumn {
  /** Its select type takes null (as unknown does). */
  nullable: boolean;
  /** The kinds of its select type's values besides null: number, string, boolean, Date, unknown, or another type's text. */
  kinds: string[];
}

export type KyselyTables = Map<string, Map<string, KyselyColumn>>;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
};
const parsedFiles = new Map<string, ts.SourceFile>();

/**
 * The tables of the `DB` interface of a Kysely schema file, and their columns, read with the
 * TypeScript compiler (intersections, Record and Kysely's ColumnType / Generated resolved).
 * `text`, when given, is read as the file's content instead of what is on disk.
 */
export function kyselyTables(file: string, text?: string): KyselyTables {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  // The libraries' and Kysely's declarations are parsed once for every schema read.
  host.getSourceFile = (name, language, ...rest) => {
    if (name === file)
      return text === undefined ? getSourceFile(name, language, ...rest) : ts.createSourceFile(name, text, language);
    let parsed = parsedFiles.get(name);
    if (!parsed) {
      parsed = getSourceFile(name, language, ...rest);
      if (parsed) parsedFiles.set(name, parsed);
    }
    return parsed;
  };
  if (text !== undefined) {
    host.fileExists = (name) => name === file || fileExists(name);
    host.readFile = (name) => (name === file ? text : readFile(name));
  }
  const options = COMPILER_OPTIONS;
  const program = ts.createProgram({ rootNames: [file], options, host });
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  const errors = ts.getPreEmitDiagnostics(program, source);
  if (errors.length > 0)
    throw new Error(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"));
  const checker = program.getTypeChecker();
  const db = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === "DB",
  );
  if (!db) throw new Error(`${file} declares no interface DB`);

  const tables: KyselyTables = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(db))) {
    const columns = new Map<string, KyselyColumn>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const kinds = new Set<string>();
      collectKinds(checker, checker.getTypeOfSymbol(column), kinds);
      const nullable = kinds.has("null") || kinds.has("unknown");
      kinds.delete("null");
      columns.set(column.name, { nullable, kinds: [...kinds].sort() });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

function collectKinds(checker: ts.TypeChecker, type: ts.Type, kinds: Set<string>): void {
  if (type.isUnion()) {
    for (const member of type.types) collectKinds(checker, member, kinds);
    return;
  }
  const flags = type.flags;
  if (flags & ts.TypeFlags.Null) kinds.add("null");
  else if (flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) kinds.add("unknown");
  else if (flags & ts.TypeFlags.NumberLike) kinds.add("number");
  else if (flags & ts.TypeFlags.StringLike) kinds.add("string");
  else if (flags & ts.TypeFlags.BooleanLike) kinds.add("boolean");
  else if (flags & ts.TypeFlags.BigIntLike) kinds.add("bigint");
  else if (flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return;
  else {
    // Kysely's ColumnType<Select, Insert, Update> (and Generated<T>): what it reads as.
    const select = type.getProperty("__select__");
    if (select) collectKinds(checker, checker.getTypeOfSymbol(select), kinds);
    else {
      // A class by its name (Date, Uint8Array), whatever its type arguments.
      const name = type.getSymbol()?.name;
      kinds.add(name === "Date" || name === "Uint8Array" ? name : checker.typeToString(type));
    }
  }
}

/** The kinds of values a column of an SQL type is read as (pg and PGlite parse alike: int8 and dates too). */
const READ_AS: Record<string, readonly string[]> = {
  smallint: ["number"],
  integer: ["number"],
  bigint: ["number"],
  text: ["string"],
  "character varying": ["string"],
  character: ["string"],
  uuid: ["string"],
  // A transaction id (tableChange): its digits, as neither engine makes it a number.
  xid8: ["string"],
  bytea: ["Uint8Array"],
  boolean: ["boolean"],
  // A calendar date stays its text; Date is accepted where a type says what it may be written as.
  date: ["string", "Date"],
  "timestamp with time zone": ["Date"],
  "timestamp without time zone": ["Date"],
  // Amounts stay their text on both engines (never a double); a number is accepted where a type
  // says what it may be written as.
  numeric: ["string", "number"],
};
const JSON_TYPES = new Set(["json", "jsonb"]);

/**
 * Every difference between schema.ts's DB and the database's tables: each table of the
 * database is a table of DB with the same columns, and no more; a column's type takes null
 * exactly when the column is nullable; its values are of the kinds the SQL type is read as
 * (json: any). Views are no tables of DB (the data service reads them by name); one DB names
 * must exist all the same.
 */
export function kyselyDrift(kysely: KyselyTables, columns: readonly DbColumn[]): string[] {
  const tables = byTable(columns);
  const problems: string[] = [];
  for (const [name, table] of tables) {
    const kind = [...table.values()][0]?.kind;
    if (kind === "table" && !kysely.has(name)) problems.push(`${name}: a table of the database, not in schema.ts's DB`);
  }
  for (const [name, typed] of kysely) {
    const table = tables.get(name);
    if (!table) {
      problems.push(`${name}: in schema.ts's DB, not in the database`);
      continue;
    }
    for (const column of table.keys())
      if (!typed.has(column)) problems.push(`${name}.${column}: a column of the database, not in schema.ts`);
    for (const [column, type] of typed) {
      const where = `${name}.${column}`;
      const actual = table.get(column);
      if (!actual) {
        problems.push(`${where}: in schema.ts, not in the database`);
        continue;
      }
      if (actual.kind === "table" && type.nullable !== actual.nullable)
        problems.push(
          type.nullable
            ? `${where}: null in schema.ts, the database has it NOT NULL`
            : `${where}: never null in schema.ts, the database allows null`,
        );
      if (JSON_TYPES.has(actual.dataType)) continue;
      const allowed = READ_AS[actual.dataType];
      const wrong = type.kinds.filter((kind) => !allowed?.includes(kind));
      if (wrong.length > 0 || type.kinds.length === 0)
        problems.push(
          `${where}: ${type.kinds.join(" | ") || "never"} in schema.ts, the database has ${actual.dataType}`,
        );
    }
  }
  return problems;
}
