import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { countOf } from "./support/db.js";
import { ONE_ENGINE } from "./support/engines.js";
import { expectError } from "./support/errors.js";

/*
 * A reference that offers only active rows (a project's owner, an employee's manager) is held
 * to them by the data service too: an inactive row is not chosen on insert, nor changed to,
 * but a row already holding one may still be changed otherwise.
 */
describe.each(ONE_ENGINE)("references to active rows only on $name", (engine) => {
  const t = useTestApp(engine);
  const { admin } = t;
  /** An employee who has left, and one who has not. */
  let inactive: number;
  let active: number;

  async function newEmployee(empLastName: string, empActive: number): Promise<number> {
    return (
      await t.db
        .insertInto("tblEmployee")
        .values({ empFirstName: "Test", empLastName, empActive })
        .returning("empID")
        .executeTakeFirstOrThrow()
    ).empID;
  }

  beforeAll(async () => {
    inactive = await newEmployee("Left", 0);
    active = await newEmployee("Stays", 1);
  });

  const project = (projectID: number) =>
    t.db
      .selectFrom("tblProject")
      .select(["projectName", "projectOwnerID"])
      .where("projectID", "=", projectID)
      .executeTakeFirstOrThrow();

  describe("a project's owner", () => {
    it("refuses an inactive owner on insert, on the field", async () => {
      const body = expectError(
        await admin.insert("tblProject", { projectName: "Owned By Nobody Here", projectOwnerID: inactive }),
        400,
      );
      expect(body.fieldErrors).toEqual({ projectOwnerID: "Owner is not active" });
      expect(await countOf(t.db, "tblProject", sql`"projectName" = ${"Owned By Nobody Here"}`)).toBe(0);
    });

    it("refuses changing the owner to an inactive one", async () => {
      const { id } = (await admin.insert("tblProject", { projectName: "Change Owner", projectOwnerID: active })).json();
      const body = expectError(
        await admin.update("tblProject", `projectID = ${id}`, { projectOwnerID: inactive }),
        400,
      );
      expect(body.fieldErrors).toEqual({ projectOwnerID: "Owner is not active" });
      expect((await project(id)).projectOwnerID).toBe(active);
    });

    it("lets a project whose owner has since left be changed, with or without the owner sent again", async () => {
      const owner = await newEmployee("Leaving", 1);
      const { id } = (
        await admin.insert("tblProject", { projectName: "Outlives Its Owner", projectOwnerID: owner })
      ).json();
      await t.db.updateTable("tblEmployee").set({ empActive: 0 }).where("empID", "=", owner).execute();

      const renamed = await admin.update("tblProject", `projectID = ${id}`, { projectName: "Renamed" });
      expect(renamed.statusCode, renamed.body).toBe(200);
      // A form sends every field: the owner it already has is not being chosen.
      const resent = await admin.update("tblProject", `projectID = ${id}`, {
        projectName: "Renamed Again",
        projectOwnerID: owner,
      });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(await project(id)).toEqual({ projectName: "Renamed Again", projectOwnerID: owner });
    });

    it("refuses an update of several projects that gives the inactive owner to one that had another", async () => {
      const { id: first } = (
        await admin.insert("tblProject", { projectName: "Pair A", projectOwnerID: active })
      ).json();
      const owner = await newEmployee("Left Later", 1);
      const { id: second } = (
        await admin.insert("tblProject", { projectName: "Pair B", projectOwnerID: owner })
      ).json();
      await t.db.updateTable("tblEmployee").set({ empActive: 0 }).where("empID", "=", owner).execute();
      const body = expectError(
        await admin.update("tblProject", `projectID IN (${first}, ${second})`, { projectOwnerID: owner }),
        400,
      );
      expect(body.fieldErrors).toEqual({ projectOwnerID: "Owner is not active" });
      expect((await project(first)).projectOwnerID).toBe(active);
    });
  });

  describe("an employee's manager", () => {
    it("refuses an inactive manager on insert and on update, and keeps one who left", async () => {
      const refused = expectError(
        await admin.insert("tblEmployee", { empFirstName: "New", empLastName: "Hire", empManagerID: inactive }),
        400,
      );
      expect(refused.fieldErrors).toEqual({ empManagerID: "Manager is not active" });

      const manager = await newEmployee("Manager", 1);
      const { id } = (
        await admin.insert("tblEmployee", { empFirstName: "New", empLastName: "Report", empManagerID: manager })
      ).json();
      const changed = expectError(await admin.update("tblEmployee", `empID = ${id}`, { empManagerID: inactive }), 400);
      expect(changed.fieldErrors).toEqual({ empManagerID: "Manager is not active" });

      await t.db.updateTable("tblEmployee").set({ empActive: 0 }).where("empID", "=", manager).execute();
      const kept = await admin.update("tblEmployee", `empID = ${id}`, { empLastName: "Stays", empManagerID: manager });
      expect(kept.statusCode, kept.body).toBe(200);
    });
  });
});
