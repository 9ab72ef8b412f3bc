import { type ErrorBody, statusText } from "@office/core";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { type Kysely, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { CONSTRAINT_MESSAGES } from "../src/db/constraints.js";
import type { DB } from "../src/db/schema.js";
import { signIn, withToken } from "./support/app.js";
import { useTestApp } from "./support/context.js";
import { ONE_ENGINE } from "./support/engines.js";
import {
  type ApiDocument,
  type ApiRequest,
  answerSchema,
  everyChoiceOf,
  type JsonSchema,
  nearRequestsOf,
  type Operation,
  requestsOf,
} from "./support/openapi-requests.js";

/*
 * The published API matches the server (issue 32): requests made from the OpenAPI document
 * alone, for every operation it lists, as an administrator and as a member of staff, valid and
 * near-valid. No answer is a 5xx; every success is what the document declares for it, every
 * failure an ErrorBody; and a request the document allows is refused with a 400 only for a
 * check no schema can express, which its operation's description names (BEYOND_THE_SCHEMAS).
 */

/**
 * A fixed seed, so a failure is the same on every run, and requests of each kind per operation
 * and account: the file runs in seconds. API_FUZZ_SEED and API_FUZZ_RUNS search further.
 */
const SEED = Number(process.env.API_FUZZ_SEED ?? 20_260_615);
const RUNS = Number(process.env.API_FUZZ_RUNS ?? 12);

/** Operations not run, and why. */
const SKIPPED: Record<string, string> = {
  "GET /API/Live/": "an event stream: its answer never ends (live.test.ts and the browser tests cover it)",
  "POST /API/Admin/Backups":
    "starts a backup and its restore drill, seconds of work that the app's close then waits for (backup-job.test.ts covers it)",
};

/** Ends the session of the token it is sent with: each of its requests signs in for one of its own. */
const ENDS_ITS_SESSION = new Set(["POST /API/Logout/"]);

const WHERE_LANGUAGE = "^Bad (where|order|fields):|is compared with|is out of range for|LIKE needs a text column";
/** A reference to a record that does not exist or is inactive; a rule the database holds between fields. */
const REFERENCES = [
  "is not one of the choices|is not active|is not a project",
  ...["tblProject_dates", "tblPortalOrder_contact_of_client", "tblEmployee_manager_chain"].map(
    (name) => CONSTRAINT_MESSAGES[name]?.message,
  ),
].join("|");
const either = (...sources: string[]) => new RegExp(sources.join("|"));
/** What an event is refused for beyond its schemas: a series' rules, whole days, attendees. */
const EVENT_RULES = [
  "series",
  "happens once",
  "an end date or a number of times",
  "a whole number",
  "An all-day event",
  "not an active employee",
].join("|");
/** A series' change or removal without its scope, or of an occurrence it does not have (or one to skip). */
const SCOPES = "Say which events|is not an occurrence";

/**
 * The 400s a request the document allows may still get (their message or a field's): the
 * checks no schema can express, each named in its operation's description.
 */
const BEYOND_THE_SCHEMAS: Record<string, RegExp> = {
  "GET /API/Query/": either(WHERE_LANGUAGE, "needs continue=1"),
  "GET /API/Totals/": either(WHERE_LANGUAGE, "is totalled by"),
  "GET /API/Reports/{report}": either(WHERE_LANGUAGE, "^Bad report call:", "must be a day of 1900 to 2999"),
  "PUT /API/Settings/": either("names no field", "The setting is not valid", "wins over a saved value"),
  "POST /API/ViewAs/": /is yourself|is not an active employee/,
  "GET /API/Audit/Changes": /must be a day of 1900 to 2999/,
  "POST /API/Insert/": either(REFERENCES),
  "POST /API/Projects/Status": either(REFERENCES),
  "GET /API/Calendar/Occurrences": /at most \d+ days|must be after its start/,
  "POST /API/Calendar/Events": either(REFERENCES, EVENT_RULES, SCOPES),
  "POST /API/Calendar/Events/DaysOff": either(REFERENCES, EVENT_RULES),
  "POST /API/Calendar/Events/{eventID}/Remove": new RegExp(SCOPES),
  "PUT /API/Calendar/Events/{eventID}": either(REFERENCES, EVENT_RULES, SCOPES, "time and title only"),
  "PUT /API/Update/": either(WHERE_LANGUAGE, REFERENCES, "matches more than"),
  "POST /API/Update/": either(WHERE_LANGUAGE, REFERENCES, "matches more than"),
  "POST /API/Delete/": either(WHERE_LANGUAGE, "matches more than"),
  "POST /API/Restore/": /Only a deleted record/,
  "PUT /API/Permissions/{empID}": /names a page twice/,
  "POST /API/Permissions/Bulk": /names no employee|names the employee copied from/,
  "PUT /API/SignIn/{empID}": /needs a password/,
  "POST /API/CreditCard/Requests": either(REFERENCES),
  "POST /API/CreditCard/Charges": /Approval Code is not valid|is more than the .* approved/,
  "POST /API/CreditCard/Statements": /statement/i,
  // The board's two queries are told by their text (core's board.ts), which no schema holds.
  "POST /API/BoardService/": /is not one of the product's board queries|asks another board/,
};

type Role = "admin" | "staff";
const ROLES: Role[] = ["admin", "staff"];
/** The demo accounts sign in from an address of their own: the generated sign-ins' failures never throttle them. */
const ACCOUNTS_ADDRESS = "10.9.9.9";

interface Listed {
  key: string;
  method: string;
  path: string;
  op: Operation;
}

/** Every operation of the document: a route added to the server is run without a line here. */
function operationsOf(doc: ApiDocument): Listed[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
  );
}

describe.each(ONE_ENGINE)("requests made from the API document, on $name", (engine) => {
  const t = useTestApp(engine);
  let doc: ApiDocument;
  let accounts: DemoAccounts;
  const tokens = {} as Record<Role, string>;

  const signInAs = async (role: Role) => (await signIn(t.app, role, "demo", ACCOUNTS_ADDRESS)).json().token as string;
  const signInAll = async () => {
    for (const role of ROLES) tokens[role] = await signInAs(role);
  };

  beforeAll(async () => {
    await signInAll();
    doc = (await t.app.inject(withToken(tokens.admin, { method: "GET", url: "/API/docs/openapi.json" }))).json();
    accounts = await demoAccounts(t.db);
  });

  const checks = new Map<string, ReturnType<typeof answerSchema>>();
  /** The zod check of a schema of the document, made once. */
  const checkOf = (key: string, schema: JsonSchema) => {
    let check = checks.get(key);
    if (!check) {
      check = answerSchema(schema, doc);
      checks.set(key, check);
    }
    return check;
  };
  const unlike = (check: ReturnType<typeof answerSchema>, value: unknown) => {
    const result = check.safeParse(value);
    return result.success ? undefined : result.error.message.replace(/\s+/g, " ").slice(0, 500);
  };

  /** What is wrong with a success: its type or body unlike the document's, a row unlike its table's. */
  function wrongSuccess(listed: Listed, request: ApiRequest, response: LightMyRequestResponse) {
    const type = String(response.headers["content-type"] ?? "").split(";")[0] ?? "";
    const declared = listed.op.responses[String(response.statusCode)]?.content?.[type]?.schema;
    if (!declared) return `an answer the document does not declare (${type})`;
    if (type !== "application/json") return undefined;
    const body = response.json();
    const wrong = unlike(checkOf(`${listed.key} ${response.statusCode}`, declared), body);
    if (wrong) return `an answer unlike its schema: ${wrong}`;
    // Rows are of the table the request names (the parameter `x-office-rows-of` names).
    const items = (declared.properties as { data?: { items?: JsonSchema } } | undefined)?.data?.items;
    const table = request.query[String(items?.["x-office-rows-of"])];
    if (!table) return undefined;
    const row = checkOf(table, { $ref: `#/components/schemas/${table}` });
    // The first rows: a load's thousands say no more, and each costs its check.
    const unlikeRow = (body.data as unknown[])
      .slice(0, 50)
      .map((item) => unlike(row, item))
      .find(Boolean);
    return unlikeRow && `a row unlike ${table}'s schema: ${unlikeRow}`;
  }

  /** What is wrong with a failure: no ErrorBody of its status; a 400 for what the document allows. */
  function wrongFailure(listed: Listed, response: LightMyRequestResponse, allowed: boolean) {
    const status = response.statusCode;
    const json = String(response.headers["content-type"]).startsWith("application/json");
    const body = (json ? response.json() : response.body) as ErrorBody;
    const wrong = unlike(checkOf("ErrorBody", { $ref: "#/components/schemas/ErrorBody" }), body);
    if (wrong || body.statusCode !== status || body.error !== statusText(status))
      return "a failure that is no ErrorBody";
    const words = `${body.message} ${Object.values(body.fieldErrors ?? {}).join(" ")}`;
    if (allowed && status === 400 && !BEYOND_THE_SCHEMAS[listed.key]?.test(words))
      return "a 400 for a request the document allows";
    return undefined;
  }

  /** Sends a request; what is wrong with its answer, or undefined. */
  async function fault(listed: Listed, request: ApiRequest, role: Role, allowed: boolean, from: string) {
    const token = ENDS_ITS_SESSION.has(listed.key) ? await signInAs(role) : tokens[role];
    const response = await t.app.inject({
      method: request.method as "GET",
      url: request.url,
      query: request.query,
      headers: { ...request.headers, authorization: `Bearer ${token}` },
      remoteAddress: from,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    // A write may have changed a demo account (its password, its rights): the next request starts from them as seeded.
    if (request.method !== "GET" && (await accounts.changed())) {
      await accounts.restore();
      await signInAll();
    }
    const status = response.statusCode;
    const wrong =
      status >= 500
        ? "a 5xx"
        : status < 300
          ? wrongSuccess(listed, request, response)
          : wrongFailure(listed, response, allowed);
    return (
      wrong &&
      `${wrong}: ${status} ${response.body.slice(0, 400)}\n  sent: ${JSON.stringify(request.sent).slice(0, 400)}`
    );
  }

  /** Sends each of a list of requests the document allows; the first fault, or undefined. */
  async function firstFaultOf(listed: Listed, requests: ApiRequest[], role: Role) {
    for (const request of requests) {
      const wrong = await fault(listed, request, role, true, ACCOUNTS_ADDRESS);
      if (wrong) return `${listed.key}: ${wrong}`;
    }
    return undefined;
  }

  /** Runs the requests of an arbitrary; the first fault, or undefined. */
  async function firstFault(listed: Listed, requests: fc.Arbitrary<ApiRequest>, role: Role, allowed: boolean) {
    const details = await fc.check(
      fc.asyncProperty(requests, fc.ipV4(), async (request, from) => {
        const wrong = await fault(listed, request, role, allowed, from);
        if (wrong) throw new Error(wrong);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    return details.failed ? `${listed.key}: ${(details.errorInstance as Error | undefined)?.message}` : undefined;
  }

  for (const role of ROLES) {
    it(`as ${role}: no 5xx, answers as declared, a 400 for what the document allows only where it says why`, async () => {
      const faults: string[] = [];
      for (const listed of operationsOf(doc).filter((o) => !SKIPPED[o.key])) {
        const { method, path, op } = listed;
        faults.push(
          ...[
            await firstFaultOf(listed, everyChoiceOf(doc, method, path, op, SEED), role),
            await firstFault(listed, requestsOf(doc, method, path, op), role, true),
            await firstFault(listed, nearRequestsOf(doc, method, path, op), role, false),
          ].filter((f): f is string => f !== undefined),
        );
      }
      expect(faults).toEqual([]);
    }, 120_000);
  }

  // What the generated requests found on the server's side, each fixed (openapi.test.ts has what the document lacked).
  const FOUND: Array<{ what: string; request: InjectOptions; status: number; answer?: (body: never) => void }> = [
    {
      what: "a smallint column compared with a number past its width matches nothing (was the database's 400)",
      request: { method: "GET", url: "/API/Query/", query: { table: "tblCC", where: "ccStatus = 40000" } },
      status: 200,
      answer: (body: { meta: { TotalRecords: number } }) => expect(body.meta.TotalRecords).toBe(0),
    },
    {
      what: "a where's text holding NUL is refused in the where's words (was the database's)",
      request: { method: "GET", url: "/API/Query/", query: { table: "tblProject", where: "projectName = '\u0000'" } },
      status: 400,
      answer: (body: ErrorBody) => expect(body.message).toMatch(/holding NUL/),
    },
    {
      what: "a path parameter past the router's length is an ErrorBody (was Fastify's own body, a 414)",
      request: { method: "GET", url: `/API/Permissions/${"1".repeat(201)}` },
      status: 400,
      answer: (body: ErrorBody) => expect(body.message).toBe("The path is not valid."),
    },
    {
      what: "a path of broken percent-encoding is an ErrorBody too",
      request: { method: "GET", url: "/API/Upload/%E0%A4%A" },
      status: 400,
      answer: (body: ErrorBody) => expect(body.error).toBe("Bad Request"),
    },
    {
      what: "a blank username is refused by its schema's pattern (its minimum counted after the trim)",
      request: { method: "POST", url: "/API/Authenticate/", payload: { username: " \t", password: "x" } },
      status: 400,
      answer: (body: ErrorBody) => expect(body.fieldErrors).toEqual({ username: "is required" }),
    },
    {
      what: "a denial without its reason is refused by the decision's schema",
      request: {
        method: "POST",
        url: "/API/CreditCard/Requests/1/Decision",
        payload: { step: "cardUse", decision: "deny", version: 1 },
      },
      status: 400,
      answer: (body: ErrorBody) => expect(body.fieldErrors?.reason).toBe("Reason is required to deny a request"),
    },
    {
      what: "an audit key holding NUL is refused by its schema (was the database's 400)",
      request: { method: "GET", url: "/API/Audit/", query: { table: "tblProject", key: "1\u0000" } },
      status: 400,
      answer: (body: ErrorBody) => expect(Object.keys(body.fieldErrors ?? {})).toEqual(["key"]),
    },
    {
      what: "a day is answered as a day, as the document says",
      request: {
        method: "GET",
        url: "/API/Query/",
        query: { table: "tblEmployee", fields: "empHireDate", where: "empHireDate IS NOT NULL", rowLimit: "1" },
      },
      status: 200,
      answer: (body: { data: Array<{ empHireDate: string }> }) =>
        expect(body.data[0]?.empHireDate).toMatch(/^\d{4}-\d{2}-\d{2}$/),
    },
  ];
  it.each(FOUND)("$what", async ({ request, status, answer }) => {
    const response = await t.app.inject(withToken(tokens.admin, { ...request, remoteAddress: ACCOUNTS_ADDRESS }));
    expect(response.statusCode, response.body).toBe(status);
    answer?.(response.json() as never);
  });

  it("names operations the document has, and refusals beyond the schemas only where their descriptions list them", () => {
    const operations = new Map(operationsOf(doc).map((o) => [o.key, o.op]));
    for (const key of [...Object.keys(SKIPPED), ...ENDS_ITS_SESSION]) expect(operations.has(key), key).toBe(true);
    for (const key of Object.keys(BEYOND_THE_SCHEMAS)) {
      expect(operations.get(key)?.description, key).toMatch(/^Refused with 400 beyond its schemas: /);
    }
  });
});

interface DemoAccounts {
  changed(): Promise<boolean>;
  restore(): Promise<void>;
}

/**
 * The demo accounts as seeded (their sign-ins, activity and permissions) and a way back to
 * them: a generated write may give admin a new password, disable staff or take rights away.
 */
async function demoAccounts(db: Kysely<DB>): Promise<DemoAccounts> {
  const usernames = ["admin", "staff"];
  const state = async () => {
    // What restore() puts back, and only that (a permission row put back has a new id).
    const { rows } = await sql<{ state: string }>`select string_agg(row(a."username", a."passwordHash", a."disabled",
        a."tokenEpoch", e."empActive", (select string_agg(row(p."permissionPageID", p."permissionView", p."permissionAdd",
          p."permissionChange", p."permissionDel")::text, ',' order by p."permissionPageID")
          from "tblPermission" p where p."empID" = a."empID"))::text, ';' order by a."empID") as state
      from "authAccount" a join "tblEmployee" e using ("empID") where a."username" in (${sql.join(usernames)})`.execute(
      db,
    );
    return rows[0]?.state ?? "";
  };
  const seeded = await state();
  const accounts = await db
    .selectFrom("authAccount")
    .select(["empID", "username", "passwordHash", "disabled", "tokenEpoch"])
    .where("username", "in", usernames)
    .execute();
  const ids = accounts.map((a) => a.empID);
  const permissions = await db.selectFrom("tblPermission").selectAll().where("empID", "in", ids).execute();
  return {
    changed: async () => (await state()) !== seeded,
    restore: () =>
      db.transaction().execute(async (tx) => {
        for (const { empID, ...account } of accounts) {
          await tx.updateTable("authAccount").set(account).where("empID", "=", empID).execute();
          await tx.updateTable("tblEmployee").set({ empActive: 1 }).where("empID", "=", empID).execute();
        }
        await tx.deleteFrom("tblPermission").where("empID", "in", ids).execute();
        await tx
          .insertInto("tblPermission")
          .values(permissions.map(({ permissionID: _, ...row }) => row))
          .execute();
      }),
  };
}
