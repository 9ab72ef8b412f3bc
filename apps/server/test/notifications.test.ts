import { type Notification, OPERATIONS, REQUEST_NOTIFICATION_HREF, recordAddress } from "@office/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardCalls, cardOf, employeeWithLogin } from "./support/cards.js";
import { useTestApp } from "./support/context.js";
import { empIDOf } from "./support/db.js";
import { ENGINES } from "./support/engines.js";
import { expectError } from "./support/errors.js";
import { listening, type OpenStream, openStream } from "./support/event-stream.js";

/*
 * Issue 34, people told of decisions: a requester of the decision on their request, a decider
 * of a request waiting for them, an owner of their record changed or removed by someone else,
 * each on their own list only, with every open tab of theirs told live.
 */
describe.each(ENGINES)("notifications on $name", (engine) => {
  const t = useTestApp(engine);
  const { as, ask, decide } = cardCalls(t);
  const ids = new Map<string, number>();
  const id = (name: string) => ids.get(name) as number;
  let adminCard: number;
  let staffCard: number;
  const streams: OpenStream[] = [];

  const listOf = async (name: string) => {
    const response = await as(name).operation(OPERATIONS.myNotifications);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Notification[]; unread: number };
  };
  const newestOf = async (name: string) => (await listOf(name)).data[0];

  beforeAll(async () => {
    for (const name of ["admin", "staff"]) ids.set(name, await empIDOf(t.db, name));
    await t.db.deleteFrom("tblCCCharge").execute();
    await t.db.deleteFrom("tblCCPermission").execute();
    await t.db.deleteFrom("notification").execute();
    // staff is in admin's team (admin holds page 45, so decides over-limit requests too); Direct in staff's.
    await t.db
      .updateTable("tblEmployee")
      .set({ empManagerID: id("admin") })
      .where("empID", "=", id("staff"))
      .execute();
    ids.set("Direct", await employeeWithLogin(t.db, "Direct", id("staff")));
    adminCard = await cardOf(t.db, id("admin"), "5000.00");
    staffCard = await cardOf(t.db, id("staff"), "1000.00", "1111");
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it("tells the holder a request waits for them, and the requester the decision with its code, each tab live", async () => {
    const base = await listening(t.app);
    const [staffTab, adminTab] = await Promise.all([
      openStream(base, await t.staff.token()),
      openStream(base, await t.admin.token()),
    ]);
    streams.push(staffTab, adminTab);
    expect([staffTab.status, adminTab.status]).toEqual([200, 200]);

    const asked = (await ask("staff", adminCard, "120.50")).json();
    await adminTab.next("notifications");
    expect(await newestOf("admin")).toMatchObject({
      kind: "requestWaiting",
      byName: "Sam Taylor",
      about: "$120.50 for Site supplies",
      href: REQUEST_NOTIFICATION_HREF.waiting,
      readTS: null,
    });

    const decided = await decide("admin", asked.ccPermissionID, { step: "cardUse", decision: "approve", version: 1 });
    expect(decided.statusCode, decided.body).toBe(200);
    await staffTab.next("notifications");
    const told = await newestOf("staff");
    expect(told).toMatchObject({
      kind: "requestApproved",
      about: "$120.50 for Site supplies",
      href: REQUEST_NOTIFICATION_HREF.decided,
    });
    // The code the requester reads among their own requests (the decider is never answered it).
    expect(decided.json().ccPermissionApprovalCode).toBeUndefined();
    const mine = (await as("staff").operation(OPERATIONS.myCardRequests)).json().data;
    const code = mine.find(
      (r: { ccPermissionID: number }) => r.ccPermissionID === asked.ccPermissionID,
    )?.ccPermissionApprovalCode;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(told?.detail).toBe(code);

    // The decision was told on the requester's stream alone: the holder's next event is their next request.
    await ask("staff", adminCard, "10.00");
    await adminTab.next("notifications");
    expect(adminTab.events.filter((event) => event.type === "notifications")).toHaveLength(2);
    expect(staffTab.events.filter((event) => event.type === "notifications")).toHaveLength(1);
  });

  it("tells a denial with its reason, and an over-limit approver a request the holder let through", async () => {
    const denied = (await ask("Direct", staffCard, "40.00")).json();
    await decide("staff", denied.ccPermissionID, {
      step: "cardUse",
      decision: "deny",
      reason: "Use the petty cash",
      version: 1,
    });
    expect(await newestOf("Direct")).toMatchObject({
      kind: "requestDenied",
      byName: "Sam Taylor",
      about: "$40.00 for Site supplies",
      detail: "Use the petty cash",
    });

    const over = (await ask("Direct", staffCard, "1500.00")).json();
    expect(await newestOf("staff")).toMatchObject({ kind: "requestWaiting", byName: "Test Direct" });
    await decide("staff", over.ccPermissionID, { step: "cardUse", decision: "approve", version: 1 });
    // Approved by the holder only: the requester waits on, and the approvers are asked, as from the requester.
    expect((await newestOf("Direct"))?.kind).toBe("requestDenied");
    expect(await newestOf("admin")).toMatchObject({
      kind: "requestWaiting",
      byName: "Test Direct",
      about: "$1,500.00 for Site supplies",
    });
  });

  it("tells the owner of a record someone else changed or removed, once per write, and nobody of their own", async () => {
    const notes = await Promise.all(
      ["First note", "Second note", "Third note"].map(
        async (text) =>
          (
            await t.staff.insert("tblProjectNotes", { projectID: 1, ProjectNotesMinutes: 15, ProjectNotesDesc: text })
          ).json().id as number,
      ),
    );
    const before = (await listOf("staff")).data.length;
    await t.staff.update("tblProjectNotes", `projectNotesID = ${notes[0]}`, { ProjectNotesDesc: "Mine to fix" });
    expect((await listOf("staff")).data).toHaveLength(before);

    await t.admin.update("tblProjectNotes", `projectNotesID = ${notes[0]}`, { ProjectNotesMinutes: 30 });
    expect(await newestOf("staff")).toMatchObject({
      kind: "recordChanged",
      byName: "Alex Morgan",
      noun: "time note",
      count: 1,
      about: "Mine to fix",
      href: recordAddress("/project/de", 1),
    });
    const removed = await t.admin.remove("tblProjectNotes", `projectNotesID in (${notes[1]}, ${notes[2]})`);
    expect(removed.statusCode, removed.body).toBe(200);
    const list = await listOf("staff");
    expect(list.data).toHaveLength(before + 2);
    expect(list.data[0]).toMatchObject({
      kind: "recordRemoved",
      noun: "time notes",
      count: 2,
      about: null,
      href: null,
    });
  });

  it("tells a project's owner of a status someone else set, and nobody of their own", async () => {
    const ownedBy = (name: string, projectID: number) =>
      t.db
        .updateTable("tblProject")
        .set({ projectOwnerID: id(name) })
        .where("projectID", "=", projectID)
        .returning(["projectID", "projectName"])
        .executeTakeFirstOrThrow();
    const setStatus = async (projectID: number) => {
      const response = await t.admin.insert("tblProjectStatus", { projectID, projectStatusCodeID: 60 });
      expect(response.statusCode, response.body).toBe(200);
    };
    // The administrator's status on their own project tells nobody.
    const own = await ownedBy("admin", 3);
    const adminBefore = (await listOf("admin")).data.length;
    await setStatus(own.projectID);
    expect((await listOf("admin")).data).toHaveLength(adminBefore);

    const project = await ownedBy("staff", 2);
    const before = (await listOf("staff")).data.length;
    await setStatus(project.projectID);
    const list = await listOf("staff");
    expect(list.data).toHaveLength(before + 1);
    expect(list.data[0]).toMatchObject({
      kind: "recordChanged",
      byName: "Alex Morgan",
      noun: "project",
      count: 1,
      about: project.projectName,
      href: recordAddress("/project/de", project.projectID),
    });
  });

  it("marks read the caller's own, named or all, and never another's", async () => {
    const theirs = await newestOf("admin");
    const mine = await listOf("staff");
    expect(mine.unread).toBeGreaterThan(1);
    const other = await as("staff").operation(OPERATIONS.markNotificationsRead, { ids: [theirs?.notificationID] });
    expect(other.json()).toEqual({ count: 0 });
    expect((await newestOf("admin"))?.readTS).toBeNull();

    const one = mine.data[0]?.notificationID;
    expect((await as("staff").operation(OPERATIONS.markNotificationsRead, { ids: [one] })).json()).toEqual({
      count: 1,
    });
    const after = await listOf("staff");
    expect(after.unread).toBe(mine.unread - 1);
    expect(after.data[0]?.readTS).toEqual(expect.any(String));
    expect((await as("staff").operation(OPERATIONS.markNotificationsRead, {})).json()).toEqual({
      count: mine.unread - 1,
    });
    expect((await listOf("staff")).unread).toBe(0);
  });

  it("refuses a malformed mark with the spec's error shape", async () => {
    const response = await as("staff").operation(OPERATIONS.markNotificationsRead, { ids: "all" });
    expect(expectError(response, 400).fieldErrors?.ids).toMatch(/expected array/);
  });
});
