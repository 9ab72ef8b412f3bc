import { ERROR_MESSAGES, EXCLUDED_PROJECT_STATUS_IDS, LOOKUP_GROUPS } from "@office/core";
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sqlState } from "../src/db/errors.js";
import { useTestApp } from "./support/context.js";
import { auditSince, countOf, empIDOf, lastAuditID, setPermissions } from "./support/db.js";
import { ONE_ENGINE } from "./support/engines.js";
import { expectError } from "./support/errors.js";
import { listValues } from "./support/projects.js";

const APPROVE_FIRST = "Only an approved order becomes a project.";

/*
 * Issue 8: orders clients place through the portal, and the one step that makes an approved
 * order a project.
 */
describe.each(ONE_ENGINE)("portal orders on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin, staff, noperm, together } = t;
  let adminID: number;
  let nopermID: number;
  /** Two clients, each with a contact of its own. */
  let clientA: { clientID: number; contactID: number; category: number };
  let clientB: { clientID: number; contactID: number };
  let orderNumber = 0;

  beforeAll(async () => {
    adminID = await empIDOf(t.db, "admin");
    nopermID = await empIDOf(t.db, "noperm");
    const contacts = await t.db
      .selectFrom("tblClientContact")
      .select(["clientID", "contactID"])
      .orderBy("clientID")
      .orderBy("contactID")
      .execute();
    const [first, second] = [...new Map(contacts.map((c) => [c.clientID, c])).values()];
    if (!first || !second) throw new Error("the demo company has fewer than two clients with contacts");
    // The project takes its client's category: give client A one for sure.
    const category = (await listValues(t.db, LOOKUP_GROUPS.projectCategories)).at(-1)?.appLookupID as number;
    await t.db
      .updateTable("tblClient")
      .set({ clientCategory: category })
      .where("clientID", "=", first.clientID)
      .execute();
    clientA = { ...first, category };
    clientB = second;
  });
  afterEach(() => setPermissions(t.db, nopermID, []));

  const nextNumber = () => `WEB-T${String(++orderNumber).padStart(4, "0")}-${engine.name}`;

  async function newOrder(fields: Record<string, unknown> = {}): Promise<{ id: number; number: string }> {
    const number = nextNumber();
    const response = await admin.insert("tblPortalOrder", {
      portalOrderNumber: number,
      portalOrderTitle: `Lobby Refit ${number}`,
      clientID: clientA.clientID,
      contactID: clientA.contactID,
      portalOrderRequestedDate: "2026-09-15",
      portalOrderNotes: "Please call before delivery.",
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { id: response.json().id, number };
  }

  const orderOf = (portalOrderID: number) =>
    t.db.selectFrom("tblPortalOrder").selectAll().where("portalOrderID", "=", portalOrderID).executeTakeFirstOrThrow();

  const projectsNumbered = (number: string) =>
    t.db.selectFrom("tblProject").selectAll().where("projectFirstSourceNumber", "=", number).execute();

  describe("an order through the data service", () => {
    it("takes an order whose contact is one of its client's, and no other", async () => {
      const { id } = await newOrder();
      expect(await orderOf(id)).toMatchObject({
        clientID: clientA.clientID,
        contactID: clientA.contactID,
        portalOrderStatus: 0,
        projectID: null,
      });
      await newOrder({ contactID: null });

      const orders = await countOf(t.db, "tblPortalOrder");
      const body = expectError(
        await admin.insert("tblPortalOrder", {
          portalOrderNumber: nextNumber(),
          portalOrderTitle: "Wrong Contact",
          clientID: clientA.clientID,
          contactID: clientB.contactID,
        }),
        400,
      );
      expect(body.fieldErrors).toEqual({ contactID: "Contact is not one of the choices" });
      expect(await countOf(t.db, "tblPortalOrder")).toBe(orders);

      // Written straight in SQL, the database's key of the pair refuses it.
      const refused = await t.db
        .insertInto("tblPortalOrder")
        .values({
          portalOrderNumber: nextNumber(),
          portalOrderTitle: "Wrong Contact in SQL",
          clientID: clientA.clientID,
          contactID: clientB.contactID,
        })
        .execute()
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(sqlState(refused)).toBe("23503");
      expect(await countOf(t.db, "tblPortalOrder")).toBe(orders);
    });

    it("holds the contact to the client when only the client changes", async () => {
      const { id } = await newOrder();
      // The database's key of the pair refuses it, in the words of the order's form.
      const body = expectError(
        await admin.update("tblPortalOrder", `portalOrderID = ${id}`, { clientID: clientB.clientID }),
        400,
        "Contact is not one of the client's contacts",
      );
      expect(body.fieldErrors).toEqual({ contactID: "Contact is not one of the client's contacts" });
      expect(await orderOf(id)).toMatchObject({ clientID: clientA.clientID, contactID: clientA.contactID });
      // Only the contact, to another client's: refused too.
      const contact = expectError(
        await admin.update("tblPortalOrder", `portalOrderID = ${id}`, { contactID: clientB.contactID }),
        400,
      );
      expect(Object.keys(contact.fieldErrors ?? {})).toEqual(["contactID"]);
      expect(await orderOf(id)).toMatchObject({ clientID: clientA.clientID, contactID: clientA.contactID });
      // Both together, to the other client's contact, is a change like any other.
      const moved = await admin.update("tblPortalOrder", `portalOrderID = ${id}`, {
        clientID: clientB.clientID,
        contactID: clientB.contactID,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    });

    it("keeps a contact an order names: deleting it or moving it to another client is 409, not the order's field", async () => {
      const { clientID, contactID } = (
        await t.db
          .insertInto("tblClientContact")
          .values({ clientID: clientA.clientID, contactName: "Named By An Order" })
          .returning(["clientID", "contactID"])
          .execute()
      )[0] as { clientID: number; contactID: number };
      const { id } = await newOrder({ clientID, contactID });
      const contact = () =>
        t.db.selectFrom("tblClientContact").selectAll().where("contactID", "=", contactID).executeTakeFirst();
      const before = await contact();
      const since = await lastAuditID(t.db);

      const deleted = expectError(
        await admin.remove("tblClientContact", `contactID = ${contactID}`),
        409,
        "A portal order names this contact.",
      );
      expect(deleted.fieldErrors).toBeUndefined();
      const moved = expectError(
        await admin.update("tblClientContact", `contactID = ${contactID}`, { clientID: clientB.clientID }),
        409,
        "A portal order names this contact.",
      );
      expect(moved.fieldErrors).toBeUndefined();
      expect(await contact()).toEqual(before);
      expect(await auditSince(t.db, since)).toEqual([]);

      // A record another refers to by a key of no message of its own: in use, in general words.
      const client = expectError(
        await admin.remove("tblClient", `clientID = ${clientID}`),
        409,
        "This record is in use: another record refers to it.",
      );
      expect(client.fieldErrors).toBeUndefined();

      // Once the order names no contact, the contact may go.
      expect((await admin.update("tblPortalOrder", `portalOrderID = ${id}`, { contactID: null })).statusCode).toBe(200);
      const gone = await admin.remove("tblClientContact", `contactID = ${contactID}`);
      expect(gone.statusCode, gone.body).toBe(200);
    });

    it("refuses an order number already taken (409)", async () => {
      const { number } = await newOrder();
      const orders = await countOf(t.db, "tblPortalOrder");
      const body = expectError(
        await admin.insert("tblPortalOrder", {
          portalOrderNumber: number,
          portalOrderTitle: "Again",
          clientID: clientB.clientID,
        }),
        409,
        "Order Number is already taken",
      );
      expect(body.fieldErrors).toEqual({ portalOrderNumber: "Order Number is already taken" });
      expect(await countOf(t.db, "tblPortalOrder")).toBe(orders);
    });

    it("restores a deleted order only while its number is free, answering in the order form's words", async () => {
      const { id, number } = await newOrder();
      const since = await lastAuditID(t.db);
      expect((await admin.remove("tblPortalOrder", `portalOrderID = ${id}`)).statusCode).toBe(200);
      const deleted = (await auditSince(t.db, since)).find((a) => a.tableName === "tblPortalOrder");
      // Its number is given to another order meanwhile.
      const other = await admin.insert("tblPortalOrder", {
        portalOrderNumber: number,
        portalOrderTitle: "Took The Number",
        clientID: clientB.clientID,
      });
      expect(other.statusCode, other.body).toBe(200);
      const body = expectError(await admin.restore(deleted?.auditID as number), 409, "Order Number is already taken");
      expect(body.fieldErrors).toEqual({ portalOrderNumber: "Order Number is already taken" });
      expect(await countOf(t.db, "tblPortalOrder", sql`"portalOrderID" = ${id}`)).toBe(0);
    });

    it("never lets a call write the order's project", async () => {
      const { id } = await newOrder({ portalOrderStatus: 1 });
      const projectID = (await t.db.selectFrom("tblProject").select("projectID").limit(1).executeTakeFirstOrThrow())
        .projectID;
      const inserted = expectError(
        await admin.insert("tblPortalOrder", {
          portalOrderNumber: nextNumber(),
          portalOrderTitle: "With Project",
          clientID: clientA.clientID,
          portalOrderStatus: 1,
          projectID,
        }),
        400,
      );
      expect(Object.values(inserted.fieldErrors ?? {}).join(" ")).toContain("projectID");
      const updated = expectError(await admin.update("tblPortalOrder", `portalOrderID = ${id}`, { projectID }), 400);
      expect(Object.values(updated.fieldErrors ?? {}).join(" ")).toContain("projectID");
      expect((await orderOf(id)).projectID).toBeNull();
    });
  });

  describe("POST /API/PortalOrders/:id/Project", () => {
    it("makes only an approved order a project", async () => {
      const projects = await countOf(t.db, "tblProject");
      const since = await lastAuditID(t.db);
      for (const portalOrderStatus of [0, 2]) {
        const { id } = await newOrder({ portalOrderStatus });
        const auditBefore = await lastAuditID(t.db);
        expectError(await admin.projectFromOrder(id), 409, APPROVE_FIRST);
        expect((await orderOf(id)).projectID).toBeNull();
        expect(await auditSince(t.db, auditBefore)).toEqual([]);
      }
      expect(await countOf(t.db, "tblProject")).toBe(projects);
      // Only the two orders' inserts were audited.
      expect((await auditSince(t.db, since)).map((a) => [a.action, a.tableName])).toEqual([
        ["insert", "tblPortalOrder"],
        ["insert", "tblPortalOrder"],
      ]);
    });

    it("makes an approved order a project with its details, first status and link, all audited", async () => {
      const order = await newOrder({ portalOrderStatus: 1 });
      const products = await listValues(t.db, LOOKUP_GROUPS.productCategories);
      const items = [
        { itemCategory: products[0]?.appLookupID, itemDescription: "Lobby sign", itemQuantity: 2 },
        { itemCategory: null, itemDescription: "Door hardware set", itemQuantity: 14 },
        { itemCategory: products[2]?.appLookupID, itemDescription: "Shelving", itemQuantity: 1 },
      ];
      for (const item of items) {
        const response = await admin.insert("tblPortalOrderItem", { portalOrderID: order.id, ...item });
        expect(response.statusCode, response.body).toBe(200);
      }
      const since = await lastAuditID(t.db);

      const response = await admin.projectFromOrder(order.id);
      expect(response.statusCode, response.body).toBe(200);
      const { id } = response.json();
      expect(response.json()).toEqual({ id: expect.any(Number) });

      const project = await t.db
        .selectFrom("tblProject")
        .selectAll()
        .where("projectID", "=", id)
        .executeTakeFirstOrThrow();
      expect(project).toMatchObject({
        projectName: `Lobby Refit ${order.number}`,
        projectFirstSourceNumber: order.number,
        projectClientID: clientA.clientID,
        projectCategory: clientA.category,
        projectDueDate: "2026-09-15",
        projectOwnerID: adminID,
      });
      const description = project.projectDescription ?? "";
      for (const item of items) {
        const category = products.find((p) => p.appLookupID === item.itemCategory)?.appLookupValue;
        const line = description.split("\n").find((l) => l.includes(item.itemDescription));
        expect(line, item.itemDescription).toBeDefined();
        expect(line).toContain(String(item.itemQuantity));
        if (category) expect(line).toContain(category);
      }
      expect(description).toContain("Please call before delivery.");

      // Its first status: the first of the status list in the list's order.
      const first = (await listValues(t.db, LOOKUP_GROUPS.projectStatusCodes)).find(
        (v) => !(EXCLUDED_PROJECT_STATUS_IDS as readonly number[]).includes(v.appLookupID),
      )?.appLookupID;
      const statuses = await t.db.selectFrom("tblProjectStatus").selectAll().where("projectID", "=", id).execute();
      expect(statuses).toEqual([expect.objectContaining({ projectStatusCodeID: first, empID: adminID })]);
      expect(project.projectLatestStatusCodeID).toBe(first);
      expect((await orderOf(order.id)).projectID).toBe(id);

      const audit = await auditSince(t.db, since);
      expect(audit.map((a) => [a.action, a.tableName, a.empID])).toEqual([
        ["insert", "tblProject", adminID],
        ["insert", "tblProjectStatus", adminID],
        ["update", "tblPortalOrder", adminID],
      ]);
      expect(audit[0]?.recordKey).toBe(String(id));
      expect(audit[1]?.after).toMatchObject({ projectID: id, projectStatusCodeID: first });
      expect(audit[2]).toMatchObject({
        recordKey: String(order.id),
        before: expect.objectContaining({ projectID: null }),
        after: expect.objectContaining({ projectID: id }),
      });

      // A second call makes no second project.
      const projects = await countOf(t.db, "tblProject");
      expectError(await admin.projectFromOrder(order.id), 409, `Order ${order.number} is already project ${id}.`);
      expect(await countOf(t.db, "tblProject")).toBe(projects);
      expect(await projectsNumbered(order.number)).toHaveLength(1);

      // The order stays approved now that it is a project: the constraint's words, on the field.
      const stays = expectError(
        await admin.update("tblPortalOrder", `portalOrderID = ${order.id}`, { portalOrderStatus: 0 }),
        409,
        "An order that became a project stays approved",
      );
      expect(stays.fieldErrors).toEqual({ portalOrderStatus: "An order that became a project stays approved" });
      expect((await orderOf(order.id)).portalOrderStatus).toBe(1);
    });

    it("starts the project in the first status of the list that a project search does not leave out", async () => {
      const statuses = await listValues(t.db, LOOKUP_GROUPS.projectStatusCodes);
      const excluded = EXCLUDED_PROJECT_STATUS_IDS as readonly number[];
      const [cancelled] = excluded;
      const lowest = Math.min(...statuses.map((v) => v.appLookupSort ?? 0));
      const sortOf = (appLookupID: number) => statuses.find((v) => v.appLookupID === appLookupID)?.appLookupSort;
      // Cancelled (56) put first in the list: a new project still does not start cancelled.
      await t.db
        .updateTable("tblAppLookup")
        .set({ appLookupSort: lowest - 1 })
        .where("appLookupID", "=", cancelled as number)
        .execute();
      try {
        expect((await listValues(t.db, LOOKUP_GROUPS.projectStatusCodes))[0]?.appLookupID).toBe(cancelled);
        const order = await newOrder({ portalOrderStatus: 1 });
        const response = await admin.projectFromOrder(order.id);
        expect(response.statusCode, response.body).toBe(200);
        const expected = statuses.find((v) => !excluded.includes(v.appLookupID))?.appLookupID;
        const history = await t.db
          .selectFrom("tblProjectStatus")
          .select("projectStatusCodeID")
          .where("projectID", "=", response.json().id)
          .execute();
        expect(history).toEqual([{ projectStatusCodeID: expected }]);
      } finally {
        await t.db
          .updateTable("tblAppLookup")
          .set({ appLookupSort: sortOf(cancelled as number) as number })
          .where("appLookupID", "=", cancelled as number)
          .execute();
      }
    });

    it("refuses (409) and writes nothing when the status list holds only statuses a search leaves out", async () => {
      const order = await newOrder({ portalOrderStatus: 1 });
      const open = (await listValues(t.db, LOOKUP_GROUPS.projectStatusCodes))
        .map((v) => v.appLookupID)
        .filter((id) => !(EXCLUDED_PROJECT_STATUS_IDS as readonly number[]).includes(id));
      expect(open.length).toBeGreaterThan(0);
      const projects = await countOf(t.db, "tblProject");
      const since = await lastAuditID(t.db);
      // The open statuses leave the list for the test (their rows stay, so nothing refers to a missing value).
      await t.db
        .updateTable("tblAppLookup")
        .set({ appLookupParentID: "testAside" })
        .where("appLookupID", "in", open)
        .execute();
      try {
        expectError(
          await admin.projectFromOrder(order.id),
          409,
          "The status list has no status a new project may start in.",
        );
      } finally {
        await t.db
          .updateTable("tblAppLookup")
          .set({ appLookupParentID: LOOKUP_GROUPS.projectStatusCodes })
          .where("appLookupID", "in", open)
          .execute();
      }
      expect(await countOf(t.db, "tblProject")).toBe(projects);
      expect(await projectsNumbered(order.number)).toEqual([]);
      expect((await orderOf(order.id)).projectID).toBeNull();
      expect(await auditSince(t.db, since)).toEqual([]);
    });

    it("makes an order without items, notes or date a project without description or due date", async () => {
      const order = await newOrder({ portalOrderStatus: 1, portalOrderNotes: null, portalOrderRequestedDate: null });
      const response = await admin.projectFromOrder(order.id);
      expect(response.statusCode, response.body).toBe(200);
      const [project] = await projectsNumbered(order.number);
      expect(project).toMatchObject({ projectDueDate: null, projectDescription: null });
    });

    it("answers 404 for an unknown order and 400 for an id that is not one", async () => {
      expectError(await admin.projectFromOrder(987_654), 404);
      for (const bad of ["0", "-1", "abc", "99999999999", "1.5", " ", "1e3", "0x10", "+7"]) {
        expectError(await admin.projectFromOrder(bad), 400);
      }
    });

    it("refuses those without change on page 58 and add on page 3, writing nothing", async () => {
      const order = await newOrder({ portalOrderStatus: 1 });
      const projects = await countOf(t.db, "tblProject");
      const since = await lastAuditID(t.db);
      expectError(await staff.projectFromOrder(order.id), 403);
      expectError(await noperm.projectFromOrder(order.id), 403, ERROR_MESSAGES.accessDenied);
      // Change on 58 and everything on 3 but add; then add on 3 without change on 58.
      await setPermissions(t.db, nopermID, [
        { page: 58, view: 1, change: 1 },
        { page: 3, view: 1, change: 1, del: 1 },
      ]);
      expectError(await noperm.projectFromOrder(order.id), 403);
      await setPermissions(t.db, nopermID, [
        { page: 58, view: 1, add: 1, del: 1 },
        { page: 3, view: 1, add: 1, change: 1 },
      ]);
      expectError(await noperm.projectFromOrder(order.id), 403);
      expect(await countOf(t.db, "tblProject")).toBe(projects);
      expect((await orderOf(order.id)).projectID).toBeNull();
      expect(await auditSince(t.db, since)).toEqual([]);

      // Both rights: the project is theirs.
      await setPermissions(t.db, nopermID, [
        { page: 58, change: 1 },
        { page: 3, add: 1 },
      ]);
      const response = await noperm.projectFromOrder(order.id);
      expect(response.statusCode, response.body).toBe(200);
      const [project] = await projectsNumbered(order.number);
      expect(project?.projectOwnerID).toBe(nopermID);
    });

    it("writes nothing when a step after the project's insert fails", async () => {
      // The database refuses, for this test only, the status of a project named "Atomic …",
      // then the order's link: each a failure after the project row was written.
      await sql`create function "testRefuse"() returns trigger language plpgsql as $$
        begin
          if TG_TABLE_NAME = 'tblProjectStatus' then
            if exists (select 1 from "tblProject" p where p."projectID" = new."projectID"
              and p."projectName" like 'Atomic%') then raise exception 'refused by the test'; end if;
          elsif new."portalOrderTitle" like 'Atomic%' then raise exception 'refused by the test';
          end if;
          return new;
        end $$`.execute(t.db);
      try {
        for (const step of [
          { table: "tblProjectStatus", when: "insert" },
          { table: "tblPortalOrder", when: "update" },
        ]) {
          await sql`create trigger "testRefuse" before ${sql.raw(step.when)} on ${sql.table(step.table)}
            for each row execute function "testRefuse"()`.execute(t.db);
          try {
            const order = await newOrder({ portalOrderStatus: 1, portalOrderTitle: `Atomic ${step.table}` });
            await admin.insert("tblPortalOrderItem", {
              portalOrderID: order.id,
              itemDescription: "Desk",
              itemQuantity: 1,
            });
            const projects = await countOf(t.db, "tblProject");
            const statuses = await countOf(t.db, "tblProjectStatus");
            const since = await lastAuditID(t.db);
            expectError(await admin.projectFromOrder(order.id), 500, ERROR_MESSAGES.internal);
            expect(await countOf(t.db, "tblProject"), step.table).toBe(projects);
            expect(await countOf(t.db, "tblProjectStatus"), step.table).toBe(statuses);
            expect(await projectsNumbered(order.number)).toEqual([]);
            expect((await orderOf(order.id)).projectID).toBeNull();
            expect(await auditSince(t.db, since)).toEqual([]);
          } finally {
            await sql`drop trigger "testRefuse" on ${sql.table(step.table)}`.execute(t.db);
          }
        }
      } finally {
        await sql`drop function "testRefuse"()`.execute(t.db);
      }
    });

    it("makes one project of an order converted twice at the same time", async () => {
      for (let round = 0; round < 3; round++) {
        const order = await newOrder({ portalOrderStatus: 1 });
        const projects = await countOf(t.db, "tblProject");
        const statuses = await countOf(t.db, "tblProjectStatus");
        const responses = await together(2, () => admin.projectFromOrder(order.id));
        const codes = responses.map((r) => r.statusCode).sort();
        expect(codes, responses.map((r) => r.body).join(" | ")).toEqual([200, 409]);
        const winner = responses.find((r) => r.statusCode === 200)?.json().id;
        const loser = responses.find((r) => r.statusCode === 409);
        expect(loser?.json().message).toBe(`Order ${order.number} is already project ${winner}.`);
        expect(await projectsNumbered(order.number)).toEqual([expect.objectContaining({ projectID: winner })]);
        expect(await countOf(t.db, "tblProject")).toBe(projects + 1);
        expect(await countOf(t.db, "tblProjectStatus")).toBe(statuses + 1);
        expect((await orderOf(order.id)).projectID).toBe(winner);
      }
    });
  });

  it("lists orders with their client's and contact's names and item count", async () => {
    const order = await newOrder();
    await admin.insert("tblPortalOrderItem", { portalOrderID: order.id, itemDescription: "Paint", itemQuantity: 3 });
    await admin.insert("tblPortalOrderItem", { portalOrderID: order.id, itemDescription: "Desk", itemQuantity: 1 });
    const response = await admin.query({ table: "vwPortalOrderList", where: `portalOrderID = ${order.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sql<{ clientName: string; contactName: string }>`select c."clientName", ct."contactName"
      from "tblClient" c join "tblClientContact" ct on ct."clientID" = c."clientID"
      where ct."contactID" = ${clientA.contactID}`.execute(t.db);
    expect(response.json().data).toEqual([expect.objectContaining({ ...rows[0], itemCount: 2 })]);
  });
});
