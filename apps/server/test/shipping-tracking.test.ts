import { OPERATIONS } from "@office/core";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { upsNumber } from "../src/db/seed/demo-shipments.js";
import { declareJob } from "../src/jobs/job.js";
import { createJobs, JOB_DEFAULTS } from "../src/jobs/runner.js";
import { claimRun } from "../src/jobs/runs.js";
import { carriersOf } from "../src/shipping/carriers/index.js";
import { RUNNING_ELSEWHERE } from "../src/shipping/routes.js";
import { TRACK_SHIPMENTS, trackingJob } from "../src/shipping/tracking-run.js";
import { testConfig } from "./support/app.js";
import { employeeWithLogin } from "./support/cards.js";
import { type TestContext, useTestApp } from "./support/context.js";
import { dataClient } from "./support/data.js";
import { countOf, setPermissions } from "./support/db.js";
import { ENGINES, SERVER_ENGINES, type TestEngine } from "./support/engines.js";
import { type FakeCarriers, fakeCarriers } from "./support/fake-carriers.js";
import { listeningAt, spawnFixture, tokenOver } from "./support/spawn.js";

/*
 * The tracking run (spec 2.4, 4, 7; issue 36): the truck's call, once across every server, its
 * carriers side by side (one failing never stops the others), a dead server's run taken over.
 * The carriers are local fakes of UPS's and FedEx's APIs (support/fake-carriers.ts).
 */

const UPS_DELIVERED = "1Z999AA10123456784";
const FEDEX_OUT = "123456789012";
const FEDEX_UNKNOWN = "794600000000";
const track = OPERATIONS.trackShipments;

// Started before the apps are declared: their configuration names its address.
const fake: FakeCarriers = await fakeCarriers();
afterAll(() => fake.close());

/** The parcels every test starts from: UPS, FedEx (one FedEx does not know) and a local courier's, long overdue. */
async function parcels(t: TestContext) {
  await sql`delete from "tblShipment"`.execute(t.db);
  await sql`update "jobRun" set "runState" = 'done' where "runState" = 'running'`.execute(t.db);
  const rows = [
    { trackingNumber: UPS_DELIVERED, carrier: "UPS" },
    { trackingNumber: FEDEX_OUT, carrier: "FEDEX" },
    { trackingNumber: FEDEX_UNKNOWN, carrier: "FEDEX" },
    { trackingNumber: "MC-100001", carrier: null, promisedDate: "2026-01-05" },
  ];
  await t.db
    .insertInto("tblShipment")
    .values(rows.map((row) => ({ projectID: 1, shippedDate: "2026-01-02", ...row })))
    .execute();
}

const shipment = (t: TestContext, number: string) =>
  t.db.selectFrom("tblShipment").selectAll().where("trackingNumber", "=", number).executeTakeFirstOrThrow();
const scans = (t: TestContext, number: string) =>
  countOf(
    t.db,
    "tblShipmentScan",
    sql`"shipmentID" = (select "shipmentID" from "tblShipment" where "trackingNumber" = ${number})`,
  );

/** The carriers answer only once the test lets them (a run in flight on demand). */
function gated() {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  fake.answer(async (call) => {
    if (call.kind === "track") await gate;
    return undefined;
  });
  return open;
}

describe.each(ENGINES)("the tracking run on $name", (engine) => {
  const t = useTestApp(engine, {
    config: { ...fakeConfig(), trackingWaitMs: 20_000 },
  });
  beforeEach(async () => {
    fake.answer(() => undefined);
    await parcels(t);
  });

  it("runs once for the truck's call, answers what it did, keeps each scan once and audits the changes as the system's", async () => {
    const before = await countOf(t.db, "auditLog", sql`"tableName" = 'tblShipment'`);
    const answer = await t.admin.operation(track);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ asked: 3, failed: 0, failures: null });
    expect(answer.json()).not.toHaveProperty("message");

    expect(await shipment(t, UPS_DELIVERED)).toMatchObject({
      trackingStatus: "delivered",
      trackingStatusText: "DELIVERED",
      trackingLocation: "ATLANTA, GA, US",
      trackingProblem: null,
      stuckReason: null,
    });
    expect(await shipment(t, FEDEX_OUT)).toMatchObject({ trackingStatus: "out", trackingLocation: "MEMPHIS, TN, US" });
    expect(await shipment(t, FEDEX_UNKNOWN)).toMatchObject({
      trackingStatus: null,
      trackingProblem: "Tracking number cannot be found.",
    });
    // No carrier tracks the courier's parcel; it is still found stuck.
    expect((await shipment(t, "MC-100001")).stuckReason).toBe("Not delivered by its promised date, 01/05/2026");
    expect(await scans(t, UPS_DELIVERED)).toBe(2);

    const audited = await t.db
      .selectFrom("auditLog")
      .select(["empID", "action"])
      .where("tableName", "=", "tblShipment")
      .orderBy("auditID", "desc")
      .limit(4)
      .execute();
    expect(audited).toHaveLength(4);
    expect(audited.every((row) => row.empID === null && row.action === "update")).toBe(true);
    expect(await countOf(t.db, "auditLog", sql`"tableName" = 'tblShipment'`)).toBe(before + 4);

    const runs = await t.admin.query({ table: "vwTrackingRuns", where: `runID = ${answer.json().runID}` });
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json().data[0]).toMatchObject({ runState: "done", asked: 3, failed: 0, requestedBy: 1 });

    // Again: the delivered parcel is not asked; the others' scans are not added twice.
    const again = await t.admin.operation(track);
    expect(again.json()).toMatchObject({ asked: 2 });
    expect(await scans(t, FEDEX_OUT)).toBe(2);
    expect(await scans(t, UPS_DELIVERED)).toBe(2);
  });

  it("no longer asks about a parcel added more than 90 days ago and still not delivered", async () => {
    await t.db
      .updateTable("tblShipment")
      .set({ createdTS: sql<string>`now() - interval '91 days'` })
      .where("trackingNumber", "=", FEDEX_UNKNOWN)
      .execute();
    fake.calls.length = 0;
    const answer = await t.admin.operation(track);
    expect(answer.json()).toMatchObject({ asked: 2 });
    expect(fake.calls.flatMap((call) => call.numbers)).not.toContain(FEDEX_UNKNOWN);
  });

  it("carries on with the other carriers when one fails every time, and says which failed and why", async () => {
    fake.answer((call) =>
      call.carrier === "UPS" && call.kind === "track"
        ? { status: 500, headers: { "retry-after": "0" }, json: { response: { errors: [{ message: "down" }] } } }
        : undefined,
    );
    fake.calls.length = 0;
    const answer = await t.admin.operation(track);
    expect(answer.json()).toMatchObject({
      asked: 3,
      failed: 1,
      failures: "UPS: 1 not tracked (UPS failed (500): down)",
    });
    // Asked four times (honouring Retry-After), then left for the next run.
    expect(fake.calls.filter((call) => call.carrier === "UPS" && call.kind === "track")).toHaveLength(4);
    expect((await shipment(t, UPS_DELIVERED)).trackingStatus).toBeNull();
    expect((await shipment(t, FEDEX_OUT)).trackingStatus).toBe("out");
  });

  it("leaves a parcel deleted or corrected during a run as the user left it, and carries on", async () => {
    const open = gated();
    const run = t.admin.operation(track);
    await t.until(() => fake.calls.some((call) => call.kind === "track"));
    const fedexID = (await shipment(t, FEDEX_OUT)).shipmentID;
    expect((await t.admin.remove("tblShipment", `shipmentID = ${fedexID}`)).statusCode).toBe(200);
    const ups = (await shipment(t, UPS_DELIVERED)).shipmentID;
    expect(
      (await t.admin.update("tblShipment", `shipmentID = ${ups}`, { trackingNumber: "1Z999AA10000000012" })).statusCode,
    ).toBe(200);
    open();
    const answer = await run;
    expect(answer.statusCode, answer.body).toBe(200);
    // The corrected parcel kept none of the old number's answer; the next run asks the new one.
    expect((await shipment(t, "1Z999AA10000000012")).trackingStatus).toBeNull();
    expect(await scans(t, "1Z999AA10000000012")).toBe(0);
    expect(await countOf(t.db, "tblShipment", sql`"shipmentID" = ${fedexID}`)).toBe(0);
  });

  it("drops a scan whose date no database takes, and gives up a carrier down after three calls in a row", async () => {
    fake.answer((call) =>
      call.carrier === "UPS" && call.kind === "track"
        ? {
            json: {
              trackResponse: {
                shipment: [
                  {
                    package: [
                      {
                        activity: [
                          { status: { type: "I", description: "Nonsense" }, gmtDate: "00001231", gmtTime: "10:00:00" },
                          { status: { type: "D", description: "DELIVERED" }, gmtDate: "20261120", gmtTime: "10:00:00" },
                        ],
                      },
                    ],
                  },
                ],
              },
            },
          }
        : undefined,
    );
    const first = await t.admin.operation(track);
    expect(first.json()).toMatchObject({ failed: 0 });
    expect(await scans(t, UPS_DELIVERED)).toBe(1);

    // Twelve more UPS parcels, and UPS failing every call: a few calls, then the rest left for the next run.
    await t.db
      .insertInto("tblShipment")
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          projectID: 2,
          trackingNumber: upsNumber(`999AA1${100_000_000 + i}`),
          carrier: "UPS",
        })),
      )
      .execute();
    fake.answer((call) =>
      call.carrier === "UPS" && call.kind === "track"
        ? { status: 503, headers: { "retry-after": "0" }, json: {} }
        : undefined,
    );
    fake.calls.length = 0;
    const down = await t.admin.operation(track);
    expect(down.json().failures).toMatch(
      /^UPS: 12 not tracked \(UPS failed \(503\); given up after 3 calls in a row\)/,
    );
    expect(fake.calls.filter((call) => call.carrier === "UPS" && call.kind === "track").length).toBeLessThan(12 * 4);
    expect((await shipment(t, FEDEX_OUT)).trackingStatus).toBe("out");
  });

  it("starts one run for 50 presses of the truck by 10 people at once; the other 49 hear it is under way", async () => {
    const people: ReturnType<TestContext["as"]>[] = [];
    for (let i = 0; i < 10; i++) {
      const empID = await employeeWithLogin(t.db, `Shipper${engine.name}${i}`, null);
      await setPermissions(t.db, empID, [{ page: 33, view: 1 }]);
      people.push(t.as(`shipper${engine.name}${i}`));
    }
    const runsBefore = await countOf(t.db, "jobRun");
    const open = gated();
    let answered = 0;
    const presses = Array.from({ length: 50 }, (_, i) =>
      (people[i % 10] as ReturnType<TestContext["as"]>).operation(track).then((answer) => {
        answered++;
        return answer;
      }),
    );
    // Ten sign-ins and fifty calls through PGlite's one connection: seconds on a busy CI machine.
    await t.until(() => answered === 49, { timeout: 20_000 });
    open();
    const answers = await Promise.all(presses);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const started = answers.filter((answer) => !("message" in answer.json()));
    expect(started).toHaveLength(1);
    const told = answers.filter((answer) => answer.json().message === RUNNING_ELSEWHERE);
    expect(told).toHaveLength(49);
    expect(new Set(answers.map((answer) => answer.json().runID))).toEqual(new Set([started[0]?.json().runID]));
    expect(await countOf(t.db, "jobRun")).toBe(runsBefore + 1);
  });

  it("is taken over once the lease of a run whose server died runs out, and finishes there", async () => {
    const dead = await claimRun(t.db, TRACK_SHIPMENTS, "dead-server:1", 60_000);
    expect(dead).not.toBeNull();
    // Its server is gone: the lease is not renewed, and runs out.
    await sql`update "jobRun" set "leaseUntil" = now() - interval '1 second' where "runID" = ${dead?.runID}`.execute(
      t.db,
    );
    const pressed = await t.admin.operation(track);
    expect(pressed.json()).toEqual({ runID: dead?.runID, started: false, message: RUNNING_ELSEWHERE });

    const other = anotherServer(t);
    await other.tick();
    const run = await t.until(() =>
      t.db
        .selectFrom("jobRun")
        .selectAll()
        .where("runID", "=", dead?.runID as number)
        .where("runState", "!=", "running")
        .executeTakeFirst(),
    );
    expect(run).toMatchObject({ runState: "done", holder: other.holder, attempts: 2 });
    expect(run.result).toMatchObject({ asked: 3 });
    await other.stop();
  });

  it("gives up a run whose servers died again and again, saying so", async () => {
    const dead = await claimRun(t.db, TRACK_SHIPMENTS, "dead-server:2", 60_000);
    await sql`update "jobRun" set "leaseUntil" = now() - interval '1 second', "attempts" = 3
      where "runID" = ${dead?.runID}`.execute(t.db);
    const other = anotherServer(t);
    await other.tick();
    const run = await t.db
      .selectFrom("jobRun")
      .selectAll()
      .where("runID", "=", dead?.runID as number)
      .executeTakeFirst();
    expect(run).toMatchObject({ runState: "failed", error: "Stopped: its server stopped 3 times while it ran" });
    await other.stop();
  });

  it("refuses a tracking number with commas with the spec's words, and a parcel twice on one project, adding nothing", async () => {
    const before = await countOf(t.db, "tblShipment");
    const commas = await t.admin.insert("tblShipment", {
      projectID: 1,
      trackingNumber: `${UPS_DELIVERED}, ${FEDEX_OUT}`,
    });
    expect(commas.statusCode).toBe(400);
    expect(commas.json().fieldErrors.trackingNumber).toMatch(/use space as separator/);
    const twice = await t.admin.insert("tblShipment", { projectID: 1, trackingNumber: UPS_DELIVERED });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fieldErrors).toEqual({ trackingNumber: "Tracking Number is already on this project" });
    expect(await countOf(t.db, "tblShipment")).toBe(before);
  });

  it("starts a daily slot once when two servers' runners wake together, and not again for the same slot", async () => {
    let runs = 0;
    const daily = declareJob({
      name: "testDaily",
      // The slot of a minute ago, on the company's clock: due now.
      dailyAt: new Date(Date.now() - 60_000).toLocaleTimeString("en-GB", {
        timeZone: "America/New_York",
        hour: "2-digit",
        minute: "2-digit",
      }),
      handler: async () => ({ run: ++runs }),
    });
    const servers = [0, 1].map(() =>
      createJobs(t.database, pino({ level: "silent" }), () => "America/New_York", [daily], {
        ...JOB_DEFAULTS,
        runner: false,
      }),
    );
    await Promise.all(servers.map((server) => server.tick()));
    await t.until(() => runs === 1);
    await Promise.all(servers.map((server) => server.tick()));
    const slots = await t.db.selectFrom("jobRun").select(["runState", "slot"]).where("job", "=", "testDaily").execute();
    expect(slots).toHaveLength(1);
    expect(runs).toBe(1);
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("is the shipping page's: refused to whoever may not view it", async () => {
    expect((await t.staff.operation(track)).statusCode).toBe(403);
    expect((await t.noperm.operation(track)).statusCode).toBe(403);
    expect(await countOf(t.db, "jobRun", sql`"runState" = 'running'`)).toBe(0);
  });
});

/** The jobs of another server process on the same database (its runner ticked by the test). */
const anotherServer = (t: TestContext) =>
  createJobs(
    t.database,
    pino({ level: "silent" }),
    () => "America/New_York",
    [trackingJob(() => carriersOf({ ...fakeSettings(), demo: false }, "America/New_York"))],
    { ...JOB_DEFAULTS, runner: false },
  );

function fakeSettings() {
  const { ups, fedex, timeoutMs } = fake.settings();
  return { ups, fedex, timeoutMs };
}

/** The fakes as an app's configuration: their services as if their environment variables were set. */
function fakeConfig() {
  const { ups, fedex, timeoutMs } = fakeSettings();
  const service = ({ clientId, clientSecret, baseUrl }: typeof ups) => ({ clientId, clientSecret, apiUrl: baseUrl });
  return { carriers: { timeoutMs, demo: false }, settingsFromEnv: { ups: service(ups), fedex: service(fedex) } };
}

describe.each(SERVER_ENGINES as TestEngine[])("two servers on one $name", (engine) => {
  const t = useTestApp(engine, { config: fakeConfig() });
  beforeEach(() => parcels(t));

  it("start one run when the truck is pressed on both at once; the other hears 'already under way'", async () => {
    const second = await t.testDb.reopen();
    const { app } = await buildApp({ ...testConfig(), ...fakeConfig() }, second);
    try {
      const elsewhere = dataClient(app, await t.admin.token());
      const open = gated();
      const first = t.admin.operation(track);
      const other = elsewhere.operation(track);
      const settled = await Promise.race([first.then(() => "first"), other.then(() => "other")]);
      open();
      const answers = [await first, await other];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const told = answers.filter((answer) => answer.json().message === RUNNING_ELSEWHERE);
      expect(told).toHaveLength(1);
      // The one told is the one that answered first: the other was running the run.
      expect(settled === "first" ? answers[0] : answers[1]).toBe(told[0]);
    } finally {
      await app.close();
    }
  });

  it("takes over a run whose server was killed (kill -9) once its lease runs out, and finishes it", async () => {
    const open = gated();
    fake.calls.length = 0;
    const { ups, fedex } = fakeSettings();
    const server = spawnFixture("tracking-server.ts", {
      DATABASE_URL: t.testDb.url,
      UPS_API_URL: ups.baseUrl,
      FEDEX_API_URL: fedex.baseUrl,
      JOBS_LEASE_MS: "5000",
    });
    try {
      const base = await listeningAt(server);
      const token = await tokenOver(base, "admin");
      // The run starts there and waits on the carriers; then its server dies.
      void fetch(`${base}${track.path}`, { headers: { authorization: `Bearer ${token}` } }).catch(() => {});
      await t.until(() => fake.calls.some((call) => call.kind === "track"));
      const running = await t.db
        .selectFrom("jobRun")
        .selectAll()
        .where("runState", "=", "running")
        .executeTakeFirstOrThrow();
      server.kill("SIGKILL");
      await new Promise((resolve) => server.once("exit", resolve));
      open();

      // Another server's runner finds it held until the lease runs out, then takes it over.
      const other = anotherServer(t);
      await other.tick();
      expect(
        (await t.db.selectFrom("jobRun").select("holder").where("runID", "=", running.runID).executeTakeFirst())
          ?.holder,
      ).toBe(running.holder);
      const taken = await t.until(
        async () => {
          await other.tick();
          return t.db
            .selectFrom("jobRun")
            .selectAll()
            .where("runID", "=", running.runID)
            .where("runState", "=", "done")
            .executeTakeFirst();
        },
        { timeout: 20_000 },
      );
      expect(taken).toMatchObject({ holder: other.holder, attempts: 2 });
      expect((await shipment(t, UPS_DELIVERED)).trackingStatus).toBe("delivered");
      await other.stop();
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
    }
  }, 40_000);
});
