/**
 * A fake of the Office server for component tests: it replaces `fetch` (vi.stubGlobal), so the
 * web app's own client (api/client.ts) sends its calls here, and answers them as the server
 * would: the data service from in-memory tables, the operations core declares by their
 * declarations with the answers a test gives. The contract suite (test/contract/, run through
 * this fake by ./contract.test.tsx and through the server by apps/server/test/contract.test.ts)
 * holds it to the server's answers.
 *
 * Usage (renderWithApp in ./render.tsx installs one for you and returns it as `api`):
 *
 *   const api = installFakeApi();
 *   api.table("tblClient", [{ clientID: 1, clientName: "Acme" }, …]);  // rows of a table or view
 *   api.operation(OPERATIONS.cardInbox, () => ({ data: rows, meta: { TotalRecords: 1 } }));
 *   api.operation(OPERATIONS.decideCardRequest, ({ ccPermissionID, decision }) => …);  // typed
 *   …render, act…
 *   expect(api.queries("tblClient").at(-1)?.where).toBe("clientName LIKE '%O''Hara%'");
 *   api.fail({ path: "/API/Query/", table: "tblClient" }, { status: 500, message: "Boom" });
 *   const held = api.hang({ table: "tblClient" });  // its calls wait …
 *   held.release();                                  // … until released (then answered as usual)
 *   api.named("accessGranters", () => [...]);   // a named query's rows, typed as core declares them
 *   api.on("POST", "/API/Logout/", () => ({ status: "success" }));  // a call that is no operation
 *
 * What it answers by itself:
 * - GET /API/Query/ (table, fields, where, order, rowLimit, offset, continue): the where, order
 *   and fields are read with core's own parser (columns checked against the resource's
 *   declaration when it has one: a typo is a 400, as on the server) and evaluated on the rows:
 *   values checked against their column's type, LIKE ignores case, with % and _ and \ escapes;
 *   comparisons, IN, IS NULL, BETWEEN, AND, OR, NOT with SQL's nulls. The order is the asked
 *   one, then the resource's, then its key. The answer is `{data, meta:{TotalRecords}}`; a
 *   search of more than 20,000 rows without `continue` and not a page (rowLimit over 100)
 *   answers `confirmRequired` and no rows.
 * - GET /API/Totals/ (by a column the resource declares totals by), POST /API/Insert/,
 *   PUT|POST /API/Update/, POST /API/Delete/ (on the in-memory rows, answers as the server's).
 * - GET /API/Permissions/ (the operation myPermissions), /API/EmployeeInfo/, /API/AppConfig/
 *   from `api.permissions`, `api.user` and `api.config`; POST /API/ExecuteQuery/ of a named
 *   query (core's NAMED_QUERIES), its access checked, with `api.named`'s rows (the inbox
 *   count 0 by default); an unknown name is a 400, as on the server.
 * - The view, add, change and del grants of the resource are checked against `api.permissions`
 *   (403 with the server's message): a test of a user without a right sees what they would.
 * - An operation (core's OPERATIONS), matched by its method and path: a caller without its grant
 *   is refused (403) before the input is read, as is one without a table's flag it requires;
 *   then its path, body or query is checked with the schemas the server checks it with (core's
 *   OPERATION_INPUTS: a 400 with the server's message and field errors),
 *   and then `api.operation`'s handler answers, given the input as the server's handler reads it
 *   (path parameters and body or query, parsed). `api.on` refuses an operation's path: its
 *   answer is typed by `api.operation`.
 * Anything else, an operation without a handler included, answers 404 and is listed in
 * `api.unhandled` (and warned about).
 *
 * Every call is recorded in `api.calls` (method, path, params, body: JSON parsed, a form's fields)
 * in the order sent.
 */
import {
  type AnswerOf,
  type AppConfigResponse,
  type Comparison,
  ERROR_MESSAGES,
  type ErrorBody,
  GRANTS,
  grantAccess,
  INT4,
  type InputOf,
  isReadableColumn,
  isTimestampText,
  moneyText,
  NAMED_QUERIES,
  type NamedQueryName,
  OPERATION_INPUTS,
  OPERATION_LIST,
  OPERATIONS,
  type Operation,
  type OperationInput,
  type OperationName,
  PAGE_IDS,
  type PageId,
  type PermissionFlag,
  type PermissionRow,
  parseFields,
  parseOrder,
  parseWhere,
  pathParameters,
  RESOURCES,
  type Resource,
  type RowOfQuery,
  readableColumns,
  SETTINGS,
  type SettingsAnswer,
  type SignedInUser,
  statusText,
  TABLE_CONFIRM_THRESHOLD,
  type Value,
  type Where,
  WhereSyntaxError,
  writeReach,
} from "@office/core";
import { vi } from "vitest";
import type { z } from "zod";

export type Row = Record<string, unknown>;

/** One call as the web app sent it. */
export interface ApiCall {
  method: string;
  /** Without the query string: "/API/Query/". */
  path: string;
  /** The query string's parameters. */
  params: Record<string, string>;
  /** The JSON body, parsed. */
  body: unknown;
  /** A form as it was sent (an upload), its files themselves. */
  form?: FormData;
  /** The table named by the params (Query, Totals) or the body (Insert, Update, Delete). */
  table: string | undefined;
  /** The request's headers, by lower-case name. */
  headers: Record<string, string>;
}

/** A GET /API/Query/ as the data service reads it. */
export interface QueryCall {
  table: string;
  fields: string;
  where: string;
  order: string;
  rowLimit: number | undefined;
  offset: number;
  continue: boolean;
}

/** Which calls a rule is for: every field given must match; or a function of the call. */
export type CallMatch =
  | { method?: string; path?: string; table?: string; where?: string | RegExp }
  | ((call: ApiCall) => boolean);

/** An answer of a handler: a body (status 200), or a status with a body. */
export type FakeAnswer = unknown | { status: number; body?: unknown };

type Handler = (call: ApiCall, api: FakeApi) => FakeAnswer | Promise<FakeAnswer>;

/**
 * An operation's answer: given its input as the server's handler reads it (path parameters and
 * body, or a GET's query, parsed by the route's schemas), it answers the declared type.
 */
export type OperationHandler<O> = (input: InputOf<O>, call: ApiCall) => AnswerOf<O> | Promise<AnswerOf<O>>;

export interface FailOptions {
  /** Default 500. */
  status?: number;
  message?: string;
  fieldErrors?: Record<string, string>;
  /** The whole body, instead of one made from status and message. */
  body?: unknown;
  /** How many matching calls fail (default: every one). */
  times?: number;
}

export interface Hold {
  /** Answers every held call (as it would have been answered) and holds no more. */
  release(): void;
  /** How many calls are waiting. */
  readonly waiting: number;
}

/** A permission row with every flag on a page. */
export const fullRow = (page: PageId): PermissionRow => ({
  permissionPageID: page,
  permissionView: 1,
  permissionAdd: 1,
  permissionChange: 1,
  permissionDel: 1,
});

/** Every flag on every page: an administrator. */
export const ALL_PERMISSIONS: PermissionRow[] = PAGE_IDS.map(fullRow);

/**
 * Permission rows from pages and their flags: `permissionsOf({ 23: ["view"], 26: "all" })`.
 * No pages at all is a user without permission rows ('Access Denied!').
 */
export function permissionsOf(pages: Partial<Record<PageId, readonly PermissionFlag[] | "all">>): PermissionRow[] {
  return Object.entries(pages).map(([page, flags]) => {
    const has = (flag: PermissionFlag) => (flags === "all" || flags?.includes(flag) ? 1 : 0);
    return {
      permissionPageID: Number(page),
      permissionView: has("view"),
      permissionAdd: has("add"),
      permissionChange: has("change"),
      permissionDel: has("del"),
    };
  });
}

export const DEFAULT_USER: SignedInUser = {
  empID: 1,
  empFirstName: "Ada",
  empLastName: "Admin",
  empDepartment: null,
  username: "admin",
};

export const DEFAULT_CONFIG: AppConfigResponse = {
  timeClockUrl: "https://time.example.com/",
  timeZone: "America/New_York",
};

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

const badRequest = (message: string) => new HttpFailure(400, message);

export class FakeApi {
  /** Every call, in the order sent. */
  readonly calls: ApiCall[] = [];
  /** Calls nothing answered (404). */
  readonly unhandled: ApiCall[] = [];
  permissions: PermissionRow[] = ALL_PERMISSIONS;
  user: SignedInUser = DEFAULT_USER;
  config: AppConfigResponse = DEFAULT_CONFIG;
  /** What GET /API/Settings/ answers: the initial preferences, and no company's unless a test gives them. */
  settings: SettingsAnswer = { personal: { preferences: { ...SETTINGS.preferences.initial } } };
  readonly #tables = new Map<string, Row[]>();
  readonly #handlers: { method: string; path: string; handler: Handler }[] = [];
  readonly #operations = new Map<OperationName, OperationHandler<never>>();
  /** Named queries' rows; the inbox count is 0 unless a test says otherwise. */
  readonly #named = new Map<NamedQueryName, () => unknown[]>([["pendingApprovalCount", () => [{ TotalCount: 0 }]]]);
  readonly #failures: { match: CallMatch; options: FailOptions; left: number }[] = [];
  readonly #holds: { match: CallMatch; waiting: (() => void)[]; released: boolean }[] = [];

  constructor() {
    this.operation(OPERATIONS.myPermissions, () => ({ data: this.permissions }));
    // The header's bell reads them on every page: none unless a test says otherwise.
    this.operation(OPERATIONS.myNotifications, () => ({ data: [], unread: 0 }));
    // The colleagues' list reads who is out of office beside it: nobody unless a test says otherwise.
    this.operation(OPERATIONS.colleaguesOutOfOffice, () => ({ data: [] }));
    // Administration reads the backups above every tab: proved and quiet unless a test says otherwise.
    this.operation(OPERATIONS.backups, () => ({
      schedule: { dailyAt: "02:30", keepDays: 14, dir: "/data/backups" },
      runs: [],
      verified: null,
      warning: null,
    }));
    this.operation(OPERATIONS.settings, () => this.settings);
    // One's own settings are kept as the server keeps them; a company setting's change is a test's to answer.
    this.operation(OPERATIONS.changeSetting, ({ key, values }) => {
      const kept = { ...this.settings.personal[key], ...values };
      this.settings = { ...this.settings, personal: { ...this.settings.personal, [key]: kept } };
      return { key, values: kept, version: 1 };
    });
  }

  /** The rows of a table or view (set them with `rows`); the same array the fake reads and writes. */
  table(name: string, rows?: readonly Row[]): Row[] {
    if (rows !== undefined)
      this.#tables.set(
        name,
        rows.map((row) => ({ ...row })),
      );
    let stored = this.#tables.get(name);
    if (!stored) {
      stored = [];
      this.#tables.set(name, stored);
    }
    return stored;
  }

  /** The GET /API/Query/ calls (of one table), as the data service reads them. */
  queries(table?: string): QueryCall[] {
    return this.calls
      .filter((call) => call.method === "GET" && call.path === "/API/Query/")
      .map((call) => queryCall(call.params))
      .filter((query) => table === undefined || query.table === table);
  }

  /** The calls to a path (and method). */
  callsTo(path: string, method?: string): ApiCall[] {
    return this.calls.filter((call) => call.path === path && (method === undefined || call.method === method));
  }

  /** Answers a call that is no operation with a handler of your own (before the built-in answers). */
  on(method: string, path: string, handler: Handler): void {
    const declared = operationAt(method.toUpperCase(), path);
    if (declared)
      throw new Error(`${method} ${path} is the operation ${declared.op.name}: answer it with api.operation`);
    this.#handlers.unshift({ method, path, handler });
  }

  /** Answers an operation (its grant and input checked first, as the server's route does). */
  operation<O extends Operation<unknown, unknown>>(op: O, handler: OperationHandler<O>): void {
    const declared = OPERATION_LIST.find((d) => d.method === op.method && d.path === op.path);
    if (!declared) throw new Error(`${op.method} ${op.path} is no declared operation`);
    this.#operations.set(declared.name, handler as OperationHandler<never>);
  }

  /** Answers a named query (POST /API/ExecuteQuery/) with its rows, typed as core declares them; its access is checked first. */
  named<N extends NamedQueryName>(name: N, rows: () => RowOfQuery<(typeof NAMED_QUERIES)[N]>[]): void {
    this.#named.set(name, rows);
  }

  /** Makes matching calls fail with a status and the server's error body. */
  fail(match: CallMatch, options: FailOptions = {}): void {
    this.#failures.push({ match, options, left: options.times ?? Number.POSITIVE_INFINITY });
  }

  /** Holds matching calls unanswered (a loading state) until `release()`. */
  hang(match: CallMatch = () => true): Hold {
    const hold = { match, waiting: [] as (() => void)[], released: false };
    this.#holds.push(hold);
    return {
      release: () => {
        hold.released = true;
        for (const go of hold.waiting.splice(0)) go();
      },
      get waiting() {
        return hold.waiting.length;
      },
    };
  }

  /** Forgets the calls recorded so far (the rows, rules and handlers stay). */
  clearCalls(): void {
    this.calls.length = 0;
    this.unhandled.length = 0;
  }

  /** The fetch the app calls. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://x");
    const text = typeof init.body === "string" ? init.body : undefined;
    // A form (an upload) is recorded as its fields, a file by its name.
    const body: unknown =
      init.body instanceof FormData
        ? Object.fromEntries([...init.body].map(([name, value]) => [name, value instanceof File ? value.name : value]))
        : text === undefined
          ? undefined
          : JSON.parse(text);
    const params = Object.fromEntries(url.searchParams);
    const call: ApiCall = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname,
      params,
      body,
      ...(init.body instanceof FormData ? { form: init.body } : {}),
      table: params.table ?? tableOf(body),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
    };
    this.calls.push(call);
    const hold = this.#holds.find((h) => !h.released && matches(h.match, call));
    if (hold) await new Promise<void>((go) => hold.waiting.push(go));
    const failure = this.#failures.find((f) => f.left > 0 && matches(f.match, call));
    if (failure) {
      failure.left--;
      const { status = 500, message = statusText(status), fieldErrors, body: failBody } = failure.options;
      return json(status, failBody ?? errorBody(call, status, message, fieldErrors));
    }
    try {
      const answer = await this.#answer(call);
      if (isStatusAnswer(answer)) return json(answer.status, answer.body);
      // A file's bytes (an operation that answers a file), else JSON.
      if (answer instanceof Blob) return new Response(answer, { status: 200 });
      return json(200, answer);
    } catch (error) {
      if (error instanceof HttpFailure)
        return json(error.status, errorBody(call, error.status, error.message, error.fieldErrors));
      throw error;
    }
  };

  async #answer(call: ApiCall): Promise<FakeAnswer> {
    const own = this.#handlers.find((h) => h.method === call.method && h.path === call.path);
    if (own) return own.handler(call, this);
    const route = `${call.method} ${call.path}`;
    const declared = operationAt(call.method, call.path);
    if (declared) {
      const input = this.#operationInput(declared, call);
      const handler = this.#operations.get(declared.op.name);
      if (handler) return handler(input as never, call);
      return this.#unhandled(call, `${route} (the operation ${declared.op.name}); api.operation() can`);
    }
    switch (route) {
      case "GET /API/Query/":
        return this.#query(queryCall(call.params));
      case "GET /API/Totals/":
        return this.#totals(call.params);
      case "POST /API/Insert/":
        return this.#insert(call.body as { table: string; fields: Row });
      case "PUT /API/Update/":
      case "POST /API/Update/":
        return this.#update(call.body as { table: string; where: string; fields: Row });
      case "POST /API/Delete/":
        return this.#delete(call.body as { table: string; where: string });
      case "GET /API/EmployeeInfo/":
        return { data: [this.user] };
      case "GET /API/AppConfig/":
        return this.config;
      case "POST /API/ExecuteQuery/":
        return this.#executeQuery(call);
    }
    return this.#unhandled(call, `${route} (${JSON.stringify(call.params)}); api.on() can`);
  }

  #executeQuery(call: ApiCall): FakeAnswer | { data: unknown[] } {
    const name = String((call.body as { query?: unknown } | undefined)?.query);
    if (!Object.hasOwn(NAMED_QUERIES, name)) {
      throw new HttpFailure(400, "The request body is not valid.", { query: "is not a known query" });
    }
    const query = name as NamedQueryName;
    const decision = grantAccess(this.permissions, NAMED_QUERIES[query].access, "view");
    if (decision === "accessDenied") throw new HttpFailure(403, ERROR_MESSAGES.accessDenied);
    if (decision === "denied") throw new HttpFailure(403, `You may not ${ACTIONS.view} the query ${query}.`);
    const rows = this.#named.get(query);
    return rows ? { data: rows() } : this.#unhandled(call, `the named query ${query}; api.named() can`);
  }

  #unhandled(call: ApiCall, what: string): FakeAnswer {
    this.unhandled.push(call);
    console.warn(`fake API: nothing answers ${what}`);
    return { status: 404, body: errorBody(call, 404, "Not Found") };
  }

  /**
   * What the server's route does before its handler: the operation's grant (http/access.ts),
   * a right the route asks, then its path, body and query schemas in Fastify's order.
   */
  #operationInput({ op, values }: DeclaredCall, call: ApiCall): unknown {
    if (op.grant) {
      const grant = GRANTS[op.grant];
      const decision = grantAccess(this.permissions, grant, grant.flag);
      if (decision === "accessDenied") throw new HttpFailure(403, ERROR_MESSAGES.accessDenied);
      if (decision === "denied") throw new HttpFailure(403, `Only ${grant.who} may do this.`);
    }
    if (op.requires) this.#require(RESOURCES.get(op.requires.table), op.requires.flag);
    const { params, body, querystring: query } = OPERATION_INPUTS[op.name] as OperationInput;
    // Fastify hands a missing body to its schema as null.
    const parsed = [
      checked(params, values, "path"),
      // A form the server reads as it streams in, checking its fields in its handler, not by the
      // schema: the handler is given the form's fields and file.
      op.form ? Object.fromEntries(call.form ?? []) : checked(body, call.body ?? null, "request body"),
      checked(query, call.params, "query"),
    ];
    return Object.assign({}, ...parsed.filter((part) => typeof part === "object"));
  }

  #require(def: Resource | undefined, flag: PermissionFlag) {
    if (!def) return;
    const decision = grantAccess(this.permissions, def.access[flag], flag);
    if (decision === "accessDenied") throw new HttpFailure(403, ERROR_MESSAGES.accessDenied);
    if (decision === "denied") throw new HttpFailure(403, `You may not ${ACTIONS[flag]} ${def.name}.`);
  }

  #query(input: QueryCall) {
    const def = RESOURCES.get(input.table);
    this.#require(def, "view");
    const isColumn = def ? (name: string) => isReadableColumn(def, name) : undefined;
    const fields = parsed("fields", () => parseFields(input.fields || "*", { isColumn }));
    const order = parsed("order", () => parseOrder(input.order, { isColumn }));
    const where = whereOf(def, input.where);
    if (!input.continue && (input.rowLimit ?? 0) > TABLE_CONFIRM_THRESHOLD) {
      throw badRequest(
        `rowLimit over ${TABLE_CONFIRM_THRESHOLD} needs continue=1: a load that large is the user's confirmed choice.`,
      );
    }
    const limit = input.rowLimit ?? (input.continue ? 100_000 : TABLE_CONFIRM_THRESHOLD);
    const bounded = limit <= 100;
    const found = this.table(input.table).filter((row) => where === null || test(where, row) === true);
    const key = def?.key;
    const sortBy = [
      ...order,
      ...(def?.order ?? []).map((column) => ({ column, direction: "ASC" as const })),
      ...(key ? [{ column: key, direction: "ASC" as const }] : []),
    ];
    found.sort((a, b) => {
      for (const { column, direction } of sortBy) {
        const c = compareForOrder(a[column], b[column], direction);
        if (c !== 0) return c;
      }
      return 0;
    });
    const total = found.length;
    if (total > TABLE_CONFIRM_THRESHOLD && !input.continue && !bounded) {
      return { data: [], meta: { TotalRecords: total, confirmRequired: true } };
    }
    const columns = fields ?? (def ? readableColumns(def) : undefined);
    const page = found.slice(input.offset, input.offset + limit);
    return {
      data: page.map((row) => (columns ? Object.fromEntries(columns.map((c) => [c, row[c] ?? null])) : { ...row })),
      meta: { TotalRecords: total },
    };
  }

  #totals(params: Record<string, string>) {
    const table = params.table ?? "";
    const def = RESOURCES.get(table);
    this.#require(def, "view");
    const totals = def?.totals;
    if (!def || !totals) throw badRequest(`${table} has no totals.`);
    const by = params.by ?? "";
    const labelColumn = Object.hasOwn(totals.by, by) ? totals.by[by] : undefined;
    if (!labelColumn) throw badRequest(`${table} is totalled by ${Object.keys(totals.by).join(", ")}, not ${by}.`);
    const where = whereOf(def, params.where ?? "");
    const groups = new Map<
      unknown,
      { key: number | string | null; label: string | null; count: number; total: number }
    >();
    for (const row of this.table(table)) {
      if (where !== null && test(where, row) !== true) continue;
      const key = (row[by] ?? null) as number | string | null;
      const group = groups.get(key) ?? { key, label: null, count: 0, total: 0 };
      const label = (row[labelColumn] ?? null) as string | null;
      if (label !== null && (group.label === null || label < group.label)) group.label = label;
      group.count++;
      group.total += totals.sum ? Number(row[totals.sum] ?? 0) : 0;
      groups.set(key, group);
    }
    const all = [...groups.values()].sort((a, b) =>
      params.order === "total"
        ? b.total - a.total || b.count - a.count || compareForOrder(a.key, b.key, "ASC")
        : compareForOrder(a.label, b.label, "ASC") || compareForOrder(a.key, b.key, "ASC"),
    );
    return {
      data: all.slice(0, Number(params.rowLimit ?? all.length)),
      meta: {
        TotalRecords: all.length,
        count: all.reduce((n, g) => n + g.count, 0),
        total: all.reduce((n, g) => n + g.total, 0),
      },
    };
  }

  #matched(table: string, whereText: string): { def: Resource | undefined; rows: Row[] } {
    const def = RESOURCES.get(table);
    if (!whereText) throw badRequest("A where is required.");
    const where = whereOf(def, whereText);
    const rows = this.table(table).filter((row) => where === null || test(where, row) === true);
    if (rows.length === 0) throw new HttpFailure(404, "No record matches the where.");
    return { def, rows };
  }

  #insert({ table, fields }: { table: string; fields: Row }) {
    const def = RESOURCES.get(table);
    this.#require(def, "add");
    const rows = this.table(table);
    const key = def?.key;
    const row: Row = { ...fields };
    let id = 1;
    if (key) {
      id = Math.max(0, ...rows.map((r) => Number(r[key]) || 0)) + 1;
      row[key] = id;
    }
    rows.push(row);
    // A list view of the table that a test made holds the new row too, as the database's does.
    for (const view of RESOURCES.values()) {
      if (view.kind === "view" && view.key === key && view.reads?.[0] === table && this.#tables.has(view.name)) {
        this.table(view.name).push({ ...row });
      }
    }
    return { id };
  }

  /**
   * The rows a change or delete reaches, as the server's: refused as it refuses (writeReach),
   * then everyone's the where matches, or the user's own where the table keeps rows for their
   * authors (a row its record's owner reaches, the server alone can tell: the fake lets it).
   */
  #reached(table: string, where: string, flag: "change" | "del"): { def: Resource | undefined; rows: Row[] } {
    const def = RESOURCES.get(table);
    if (!def) return this.#matched(table, where);
    const reach = writeReach(this.permissions, def, flag);
    if (reach === "accessDenied") throw new HttpFailure(403, ERROR_MESSAGES.accessDenied);
    if (reach === "denied") throw new HttpFailure(403, `You may not ${ACTIONS[flag]} ${def.name}.`);
    const author = def.authorWrites;
    if (reach === "all" || !author || author.orOwnerOf) return this.#matched(table, where);
    const own = this.table(table).filter((row) => row[author.column] === this.user.empID);
    const rows = this.#matched(table, where).rows.filter((row) => own.includes(row));
    if (rows.length === 0) throw new HttpFailure(404, "No record matches the where.");
    return { def, rows };
  }

  #update({ table, where, fields }: { table: string; where: string; fields: Row }) {
    const { rows } = this.#reached(table, where, "change");
    for (const row of rows) Object.assign(row, fields);
    return { status: "success", count: rows.length };
  }

  #delete({ table, where }: { table: string; where: string }) {
    const { def, rows } = this.#reached(table, where, "del");
    // From the table, and from any view a test made of the same rows (as the database's views follow their tables).
    for (const stored of this.#tables.values()) {
      for (const row of rows) if (stored.includes(row)) stored.splice(stored.indexOf(row), 1);
    }
    return { id: rows.length, keys: def ? rows.map((row) => row[def.key]) : [] };
  }
}

const ACTIONS: Record<PermissionFlag, string> = { view: "read", add: "add to", change: "change", del: "delete from" };

/**
 * Installs a fake server as `fetch` for this test (setup.ts unstubs it after each test).
 * Tables may be given at once: `installFakeApi({ tblClient: [...] })`.
 */
export function installFakeApi(tables: Record<string, readonly Row[]> = {}): FakeApi {
  const api = new FakeApi();
  for (const [name, rows] of Object.entries(tables)) api.table(name, rows);
  vi.stubGlobal("fetch", api.fetch);
  return api;
}

/** Rows made by a function of their number (1-based): `rowsOf(150, (i) => ({ clientID: i, clientName: `Client ${i}` }))`. */
export function rowsOf(count: number, row: (i: number) => Row): Row[] {
  return Array.from({ length: count }, (_, i) => row(i + 1));
}

type Declared = (typeof OPERATION_LIST)[number];

/** An operation's call: the declaration and the path's parameters, as sent (decoded). */
interface DeclaredCall {
  op: Declared;
  values: Record<string, string>;
}

// Each operation's path as a pattern: a parameter is one segment, as Fastify's router takes it.
const OPERATION_ROUTES = OPERATION_LIST.map((op) => ({
  op,
  names: pathParameters(op.path),
  pattern: new RegExp(`^${op.path.replaceAll(/:[A-Za-z]\w*/g, "([^/]+)")}$`),
}));

/** The operation a method and path call, if any. */
function operationAt(method: string, path: string): DeclaredCall | undefined {
  for (const { op, names, pattern } of OPERATION_ROUTES) {
    if (op.method !== method) continue;
    const found = pattern.exec(path);
    if (!found) continue;
    let segments: string[];
    try {
      segments = found.slice(1).map((segment) => decodeURIComponent(segment));
    } catch {
      // A broken percent-encoding: the router's refusal (http/error-handler.ts's frameworkErrors).
      throw new HttpFailure(400, "The path is not valid.");
    }
    return { op, values: Object.fromEntries(names.map((name, i) => [name, segments[i] as string])) };
  }
  return undefined;
}

/**
 * A request part parsed by its route schema; a failure is the server's 400: "The request body
 * is not valid.", each field's first message by its path ("a.b", "_" for the whole).
 */
function checked(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // The validator writes a path as "/a/b", which the error handler splits at every "/" again.
    const field = issue.path.length > 0 ? issue.path.map(String).join("/").replaceAll("/", ".") : "_";
    fieldErrors[field] ??= issue.message;
  }
  throw new HttpFailure(400, `The ${part} is not valid.`, fieldErrors);
}

function tableOf(body: unknown): string | undefined {
  if (typeof body === "object" && body !== null && "table" in body && typeof body.table === "string") return body.table;
  return undefined;
}

function queryCall(params: Record<string, string>): QueryCall {
  return {
    table: params.table ?? "",
    fields: params.fields ?? "*",
    where: params.where ?? "",
    order: params.order ?? "",
    rowLimit: params.rowLimit === undefined ? undefined : Number(params.rowLimit),
    offset: Number(params.offset ?? 0),
    continue: params.continue === "1" || params.continue === "true",
  };
}

function matches(match: CallMatch, call: ApiCall): boolean {
  if (typeof match === "function") return match(call);
  if (match.method !== undefined && match.method.toUpperCase() !== call.method) return false;
  if (match.path !== undefined && match.path !== call.path) return false;
  if (match.table !== undefined && match.table !== call.table) return false;
  if (match.where !== undefined) {
    const where = call.params.where ?? (call.body as { where?: string } | undefined)?.where ?? "";
    if (typeof match.where === "string" ? where !== match.where : !match.where.test(where)) return false;
  }
  return true;
}

function isStatusAnswer(answer: unknown): answer is { status: number; body?: unknown } {
  return (
    typeof answer === "object" &&
    answer !== null &&
    typeof (answer as { status?: unknown }).status === "number" &&
    Object.keys(answer).every((k) => k === "status" || k === "body")
  );
}

function errorBody(call: ApiCall, status: number, message: string, fieldErrors?: Record<string, string>): ErrorBody {
  return {
    statusCode: status,
    error: statusText(status),
    message,
    path: call.path,
    ...(status === 400 ? { params: call.params } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
    requestId: "00000000-0000-4000-8000-000000000000",
  };
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText: statusText(status),
    headers: { "content-type": "application/json" },
  });
}

function parsed<T>(part: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof WhereSyntaxError) throw badRequest(`Bad ${part}: ${error.message}`);
    throw error;
  }
}

/** A where of the resource, parsed and its values checked against their columns' types (data/compile.ts). */
function whereOf(def: Resource | undefined, text: string): Where | null {
  const where = parsed("where", () => parseWhere(text, def ? { isColumn: (n) => isReadableColumn(def, n) } : {}));
  if (def && where) checkValues(where, def);
  return where;
}

function checkValues(where: Where, def: Resource): void {
  if (where.type === "and" || where.type === "or") for (const item of where.items) checkValues(item, def);
  else if (where.type === "not") checkValues(where.item, def);
  else if (where.type === "compare") checkValue(def, where.column, where.value);
  else if (where.type === "in") for (const value of where.values) checkValue(def, where.column, value);
  else if (where.type === "between") for (const value of [where.low, where.high]) checkValue(def, where.column, value);
  else if (where.type === "like") {
    if (def.columns[where.column]?.type !== "text") {
      throw badRequest(`LIKE needs a text column; ${where.column} is not one.`);
    }
    storable(where.pattern, where.column);
  }
}

function checkValue(def: Resource, name: string, value: Value): void {
  const described = value.kind === "number" ? `the number ${value.text}` : "a quoted text";
  const type = def.columns[name]?.type;
  if (type === "integer") {
    if (value.kind !== "number" || !/^-?\d+$/.test(value.text)) {
      throw badRequest(`${name} is compared with a whole number, not ${described}.`);
    }
    if (Number(value.text) < INT4.min || Number(value.text) > INT4.max) {
      throw badRequest(`${value.text} is out of range for ${name}.`);
    }
  } else if (type === "text") {
    if (value.kind !== "string") throw badRequest(`${name} is compared with a quoted text, not ${described}.`);
    storable(value.value, name);
  } else if (type === "money") {
    if (value.kind !== "number" || moneyText(value.text) === null) {
      throw badRequest(`${name} is compared with an amount such as 1250.50.`);
    }
  } else if (type === "timestamp" && (value.kind !== "string" || !isTimestampText(value.value))) {
    throw badRequest(`${name} is compared with a quoted date such as '2026-11-22' or '2026-11-22 13:30:00'.`);
  }
}

function storable(text: string, name: string): void {
  if (text.includes("\u0000")) throw badRequest(`${name} is compared with a text holding NUL, which no text holds.`);
}

// --- The where evaluated on a row, with SQL's three values (null: unknown). ---

type Truth = boolean | null;

function test(where: Where, row: Row): Truth {
  switch (where.type) {
    case "and": {
      let result: Truth = true;
      for (const item of where.items) {
        const t = test(item, row);
        if (t === false) return false;
        if (t === null) result = null;
      }
      return result;
    }
    case "or": {
      let result: Truth = false;
      for (const item of where.items) {
        const t = test(item, row);
        if (t === true) return true;
        if (t === null) result = null;
      }
      return result;
    }
    case "not": {
      const t = test(where.item, row);
      return t === null ? null : !t;
    }
    case "compare": {
      const c = compareValue(row[where.column], where.value);
      return c === null ? null : OPS[where.op](c);
    }
    case "in": {
      const v = row[where.column];
      if (v === null || v === undefined) return null;
      const found = where.values.some((value) => compareValue(v, value) === 0);
      return where.negated ? !found : found;
    }
    case "like": {
      const v = row[where.column];
      if (v === null || v === undefined) return null;
      const found = likeRegExp(where.pattern).test(String(v));
      return where.negated ? !found : found;
    }
    case "null": {
      const isNull = row[where.column] === null || row[where.column] === undefined;
      return where.negated ? !isNull : isNull;
    }
    case "between": {
      const low = compareValue(row[where.column], where.low);
      const high = compareValue(row[where.column], where.high);
      return low === null || high === null ? null : low >= 0 && high <= 0;
    }
  }
}

const OPS: Record<Comparison, (c: number) => boolean> = {
  "=": (c) => c === 0,
  "<>": (c) => c !== 0,
  "!=": (c) => c !== 0,
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

/** A row's value against a literal: numbers as numbers, anything else as text; null when either is null. */
function compareValue(v: unknown, value: Value): number | null {
  if (v === null || v === undefined) return null;
  const literal = value.kind === "number" ? value.text : value.value;
  if (typeof v === "number" || typeof v === "boolean") return Math.sign(Number(v) - Number(literal));
  const text = v instanceof Date ? v.toISOString() : String(v);
  return text < literal ? -1 : text > literal ? 1 : 0;
}

/** LIKE as ILIKE: % any run, _ one character, \ takes the next literally; case ignored. */
function likeRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "\\" && i + 1 < pattern.length) source += escapeRegExp(pattern[++i] as string);
    else if (c === "%") source += "[\\s\\S]*";
    else if (c === "_") source += "[\\s\\S]";
    else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`, "i");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const collator = new Intl.Collator("en-US");

/** PostgreSQL's order: nulls last when ascending, first when descending. */
function compareForOrder(a: unknown, b: unknown, direction: "ASC" | "DESC"): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  let c: number;
  if (aNull || bNull) c = aNull === bNull ? 0 : aNull ? 1 : -1;
  else if (typeof a === "number" && typeof b === "number") c = a - b;
  else c = collator.compare(String(a), String(b));
  return direction === "DESC" ? -c : c;
}
