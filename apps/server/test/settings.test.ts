import { OPERATIONS, SECRET_SET } from "@office/core";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../src/db/schema.js";
import { appOver, tokenOf } from "./support/app.js";
import { until, useTestApp } from "./support/context.js";
import { dataClient } from "./support/data.js";
import { ENGINES, SERVER_ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";

const SECRET = "ups-very-secret-value-42";
const read = OPERATIONS.settings;
const change = OPERATIONS.changeSetting;

/** Every saved setting and the audit trail's words, to show a refusal changed nothing. */
const snapshot = async (db: Kysely<DB>) => {
  const { rows } = await sql<{ settings: string; personal: string; audits: number }>`select
    (select coalesce(string_agg("key" || '=' || "value" || '@' || "version", ';' order by "key"), '') from "appSetting" where "key" like 'setting:%' or "key" = 'cardReceiptRule') as settings,
    (select coalesce(string_agg("empID" || '/' || "key" || '=' || "value", ';' order by "empID", "key"), '') from "employeeSetting") as personal,
    (select count(*)::int from "auditLog") as audits`.execute(db);
  return rows[0];
};

describe.each(ENGINES)("settings on $name", (engine) => {
  // No environment variable sets anything here but FedEx's address.
  const t = useTestApp(engine, { config: { settingsFromEnv: { fedex: { apiUrl: "https://fedex.test" } } } });

  it("keeps a person's preferences on the server: another sign-in, another browser, reads them", async () => {
    const before = (await t.staff.operation(read)).json();
    expect(before.personal.preferences).toEqual({ layout: "auto", colourScheme: "auto", startPage: "/" });
    expect(before.company).toBeUndefined();
    const saved = await t.staff.operation(change, {
      key: "preferences",
      values: { colourScheme: "dark", startPage: "/calendar1" },
    });
    expect(saved.json()).toEqual({
      key: "preferences",
      values: { layout: "auto", colourScheme: "dark", startPage: "/calendar1" },
      version: 1,
    });
    await t.staff.operation(change, { key: "preferences", values: { layout: "mobile" } });
    const elsewhere = dataClient(t.app, await tokenOf(t.app, "staff"));
    expect((await elsewhere.operation(read)).json().personal.preferences).toEqual({
      layout: "mobile",
      colourScheme: "dark",
      startPage: "/calendar1",
    });
    // Another person's are their own.
    expect((await t.admin.operation(read)).json().personal.preferences.colourScheme).toBe("auto");
  });

  it("gives administrators the company's settings: in force, what the environment sets, never a secret", async () => {
    const company = (await t.admin.operation(read)).json().company;
    expect(company.timeClock).toEqual({ values: { url: "https://timeclock.example.com/" }, env: {}, version: 0 });
    expect(company.fedex.env).toEqual({ apiUrl: "FEDEX_API_URL" });
    expect(company.fedex.values.apiUrl).toBe("https://fedex.test");
    expect(company.ups.values).toEqual({ clientId: "", clientSecret: "", apiUrl: "https://onlinetools.ups.com" });
  });

  it("takes a company setting at once, audited, its secret never sent back nor kept in the trail", async () => {
    const before = (await t.admin.operation(read)).json().company.ups.version;
    const saved = await t.admin.operation(change, {
      key: "ups",
      values: { clientId: "our-client", clientSecret: SECRET },
      version: before,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().values).toEqual({
      clientId: "our-client",
      clientSecret: SECRET_SET,
      apiUrl: "https://onlinetools.ups.com",
    });
    const again = await t.admin.operation(read);
    expect(again.json().company.ups.values.clientSecret).toBe(SECRET_SET);
    expect(again.body).not.toContain(SECRET);
    const trail = await t.db.selectFrom("auditLog").selectAll().where("tableName", "=", "appSetting").execute();
    expect(JSON.stringify(trail)).not.toContain(SECRET);
    expect(trail.at(-1)?.after).toMatchObject({
      key: "setting:ups",
      value: { clientId: "our-client", clientSecret: SECRET_SET },
    });
    // A secret is replaced by writing it, and cleared by writing it empty (with its id: they go together).
    const cleared = await t.admin.operation(change, { key: "ups", values: { clientId: "", clientSecret: "" } });
    expect(cleared.json().values).toMatchObject({ clientId: "", clientSecret: "" });
    // The time clock's address is the header's at once.
    await t.admin.operation(change, { key: "timeClock", values: { url: "https://clock.example.org/punch" } });
    expect((await t.staff.inject({ method: "GET", url: "/API/AppConfig/" })).json().timeClockUrl).toBe(
      "https://clock.example.org/punch",
    );
  });

  it("answers each change at once in the process that saved it, while the last one's notification reloads", async () => {
    // Each save's notification starts a reload in this process that may still be reading when
    // the next save asks for its own: that save must wait for a load begun after it.
    for (let i = 0; i < 25; i++) {
      const url = `https://clock.example.org/punch/${i}`;
      expect((await t.admin.operation(change, { key: "timeClock", values: { url } })).statusCode).toBe(200);
      expect((await t.staff.inject({ method: "GET", url: "/API/AppConfig/" })).json().timeClockUrl, `save ${i}`).toBe(
        url,
      );
    }
  });

  it("moves the company to another time zone at once: the times answered, the database's sessions", async () => {
    const zoneOfSessions = async () =>
      (await sql<{ zone: string }>`select current_setting('TimeZone') as zone`.execute(t.db)).rows[0]?.zone;
    const createdTS = async () =>
      String(
        (await t.admin.query({ table: "tblProject", fields: "projectID,projectCreatedTS", rowLimit: 1 })).json().data[0]
          .projectCreatedTS,
      );
    expect(await zoneOfSessions()).toBe("America/New_York");
    expect(await createdTS()).toMatch(/-0[45]:00$/);
    await t.admin.operation(change, { key: "timeZone", values: { zone: "Asia/Tokyo" } });
    expect((await t.staff.inject({ method: "GET", url: "/API/AppConfig/" })).json().timeZone).toBe("Asia/Tokyo");
    expect(await createdTS()).toMatch(/\+09:00$/);
    expect(await zoneOfSessions()).toBe("Asia/Tokyo");
    await t.admin.operation(change, { key: "timeZone", values: { zone: "America/New_York" } });
    expect(await zoneOfSessions()).toBe("America/New_York");
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const staffBefore = await t.staff.operation(read);
    const kept = await snapshot(t.db);
    const version = (await t.admin.operation(read)).json().company.receiptRule.version;
    const refusals: [ReturnType<typeof t.as>, Record<string, unknown>, number, Record<string, string>?][] = [
      [
        t.admin,
        { key: "receiptRule", values: { days: "seven" } },
        400,
        { days: "must be a whole number from 0 to 365" },
      ],
      [t.admin, { key: "receiptRule", values: { days: 400 } }, 400, { days: "must be a whole number from 0 to 365" }],
      [
        t.admin,
        { key: "receiptRule", values: { minAmount: "lots" } },
        400,
        { minAmount: "Amount is not `currency` format" },
      ],
      [t.admin, { key: "receiptRule", values: { colour: "red" } }, 400, { colour: "is not a field of this setting" }],
      [t.admin, { key: "timeZone", values: { zone: "Mars/Olympus_Mons" } }, 400],
      [t.admin, { key: "timeClock", values: { url: "javascript:alert(1)" } }, 400],
      [t.admin, { key: "holidays", values: { days: [{ date: "2026-02-30", name: "Not a day" }] } }, 400],
      [t.admin, { key: "holidays", values: { days: "Christmas" } }, 400],
      [
        t.admin,
        { key: "ups", values: { clientId: "half-set" } },
        400,
        { clientSecret: "is needed with Client id, Client secret" },
      ],
      [
        t.admin,
        { key: "fedex", values: { apiUrl: "https://elsewhere.test" } },
        400,
        { apiUrl: "is set by FEDEX_API_URL" },
      ],
      [t.admin, { key: "board", values: { boardID: "our board" } }, 400],
      [t.admin, { key: "receiptRule", values: { days: 3 }, version: version + 5 }, 409],
      [t.admin, { key: "nothing", values: { a: 1 } }, 400],
      [t.admin, { key: "receiptRule", values: {} }, 400],
      [t.staff, { key: "receiptRule", values: { days: 3 } }, 403],
      [t.staff, { key: "timeClock", values: { url: "https://phish.example/" } }, 403],
      [
        t.staff,
        { key: "preferences", values: { startPage: "/login" } },
        400,
        { startPage: "is not a page of the product" },
      ],
      [
        t.staff,
        { key: "preferences", values: { colourScheme: "purple" } },
        400,
        { colourScheme: "is not one of the choices" },
      ],
      [t.staff, { key: "preferences", values: { layout: ["desktop"] } }, 400],
    ];
    for (const [client, body, status, fieldErrors] of refusals) {
      const response = await client.operation(change, body);
      expectError(response, status);
      if (fieldErrors) expect(response.json().fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    expect(await snapshot(t.db)).toEqual(kept);
    expect((await t.staff.operation(read)).json()).toEqual(staffBefore.json());
  });
});

describe.each(SERVER_ENGINES)("a company setting across server processes on $name", (engine) => {
  const t = useTestApp(engine, { config: { settingsFromEnv: {}, settingsCheckMs: 300 } });
  const clockOf = async (app: Awaited<ReturnType<typeof appOver>>["app"], token: string) =>
    (await dataClient(app, token).inject({ method: "GET", url: "/API/AppConfig/" })).json().timeClockUrl;

  it("reaches another process without a restart: by its notification, and by its check when that is lost", async () => {
    // The second process checks only hourly: what it learns, it learns by the notification.
    const heard = await appOver(t.testDb, await t.testDb.reopen(), { settingsFromEnv: {}, settingsCheckMs: 3_600_000 });
    // The third never hears a notification that is lost: it learns by its own check.
    const checking = await appOver(t.testDb, await t.testDb.reopen(), { settingsFromEnv: {}, settingsCheckMs: 300 });
    try {
      const token = await tokenOf(heard.app, "staff");
      await t.admin.operation(change, { key: "timeClock", values: { url: "https://clock.one.test/" } });
      await until(async () => (await clockOf(heard.app, token)) === "https://clock.one.test/");
      await until(async () => (await clockOf(checking.app, token)) === "https://clock.one.test/");

      // A change whose notification is lost (its trigger off for this statement): only the count moves.
      await t.db.transaction().execute(async (tx) => {
        await sql`set local session_replication_role = replica`.execute(tx);
        await sql`update "appSetting" set "value" = ${JSON.stringify({ url: "https://clock.two.test/" })}, "version" = "version" + 1 where "key" = 'setting:timeClock'`.execute(
          tx,
        );
        await sql`update "settingChange" set "version" = "version" + 1`.execute(tx);
      });
      await until(async () => (await clockOf(checking.app, token)) === "https://clock.two.test/", { timeout: 3_000 });
      // The one that only listens has not heard: it keeps the first until its own hourly check.
      expect(await clockOf(heard.app, token)).toBe("https://clock.one.test/");
    } finally {
      await heard.app.close();
      await checking.app.close();
    }
  });
});
