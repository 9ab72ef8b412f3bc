import { describe, expect, it } from "vitest";
import { checkForm } from "../validation.js";
import { recordForm } from "./form.js";
import { changedByWriteTo, RESOURCES, SERVER_TABLES } from "./index.js";
import { tblProjectNotes } from "./tblProjectNotes.js";
import { valueSchema } from "./write-schema.js";

describe("the resource registry", () => {
  it("tells the owners a table names: its own columns, or a table that declares its owner", () => {
    for (const resource of RESOURCES.values()) {
      const told = resource.toldOfChanges;
      if (told) {
        for (const column of [told.owner, told.about]) expect(resource.columns, resource.name).toHaveProperty(column);
      }
      const whole = resource.toldAs;
      if (whole) {
        expect(resource.columns, resource.name).toHaveProperty(whole.key);
        expect(RESOURCES.get(whole.table)?.toldOfChanges, resource.name).toBeDefined();
      }
    }
    expect([...RESOURCES.values()].filter((r) => r.toldAs).map((r) => r.name)).toEqual(["tblProjectStatus"]);
  });

  it("names the views a write to a table makes stale, with the table itself first", () => {
    expect(changedByWriteTo("tblProjectNotes")).toEqual([
      "tblProjectNotes",
      "vwMyRecentProjects",
      "vwProjectNoteSearch",
      "vwMyStuckShipments",
      "vwMyProjectNotes",
    ]);
    expect(changedByWriteTo("tblEmployee")).toEqual([
      "tblEmployee",
      "vwCardCharges",
      "vwCardList",
      "vwMissingReceipts",
      "vwNonProjectExpenses",
      "vwEmployeeDirectory",
      "vwProjectList",
      "vwProjectNoteSearch",
      "vwProjectStatusAudit",
      "vwProjectStatusHistory",
      "vwTrackingRuns",
      "vwCCApprovals",
      "vwEmployeeAvailability",
    ]);
    // A card's delete takes its permissions by cascade.
    expect(changedByWriteTo("tblCC")).toEqual([
      "tblCC",
      "vwCardCharges",
      "vwCardList",
      "vwMissingReceipts",
      "vwNonProjectExpenses",
      "vwCCApprovals",
      "tblCCPermission",
    ]);
  });

  it("names what the database changes with a write: the project of a status, the order of a project", () => {
    // A status set changes the project's latest status (by trigger): the project and what reads it.
    expect(changedByWriteTo("tblProjectStatus")).toEqual([
      "tblProjectStatus",
      "vwMyRecentProjects",
      "vwProjectList",
      "vwProjectStatusAudit",
      "vwProjectStatusHistory",
      "vwProjectsByStatus",
      "vwProjectSearch",
      "tblProject",
      "vwCardCharges",
      "vwMissingReceipts",
      "vwNonProjectExpenses",
      "vwPortalOrderList",
      "vwProjectNoteSearch",
      "vwMyStuckShipments",
      "vwShipmentList",
      "vwCCApprovals",
      "vwMyProjectNotes",
    ]);
    // A project's delete takes its statuses and unlinks its order: those tables too, and
    // (already named as readers of the project) the views that read them.
    expect(changedByWriteTo("tblProject")).toEqual([
      "tblProject",
      "vwCardCharges",
      "vwMissingReceipts",
      "vwNonProjectExpenses",
      "vwMyRecentProjects",
      "vwPortalOrderList",
      "vwProjectList",
      "vwProjectNoteSearch",
      "vwProjectStatusAudit",
      "vwProjectStatusHistory",
      "vwProjectsByStatus",
      "vwMyStuckShipments",
      "vwShipmentList",
      "vwCCApprovals",
      "vwMyProjectNotes",
      "vwProjectSearch",
      "tblProjectStatus",
      "tblPortalOrder",
      "tblShipment",
    ]);
  });

  it("has every table a write changes be a table of the registry", () => {
    for (const def of RESOURCES.values()) {
      for (const table of def.changes ?? [])
        expect(RESOURCES.get(table)?.kind, `${def.name} changes ${table}`).toBe("table");
    }
  });

  it("has every cascade name a table of the registry and its column that refers back", () => {
    for (const def of RESOURCES.values()) {
      for (const cascade of def.cascades ?? []) {
        const child = RESOURCES.get(cascade.table);
        expect(child?.kind, `${def.name} cascades to ${cascade.table}`).toBe("table");
        expect(Object.hasOwn(child?.columns ?? {}, cascade.column), cascade.column).toBe(true);
      }
    }
  });

  it("has every table that names totals' groups be keyed by the grouped column, with the naming column", () => {
    const named = [...RESOURCES.values()].flatMap((def) =>
      Object.entries(def.totals?.names ?? {}).map(([by, table]) => ({ def, by, table })),
    );
    expect(named.length).toBeGreaterThan(1);
    for (const { def, by, table } of named) {
      const names = RESOURCES.get(table ?? "");
      const label = def.totals?.by[by];
      // A table, or a table's list view (one row per key of the table it reads first).
      const keyed = names?.kind === "table" ? names : RESOURCES.get(names?.reads?.[0] ?? "");
      expect(keyed?.kind, `${def.name} names ${by} from ${table}`).toBe("table");
      expect(names?.key, `${table}'s key`).toBe(by);
      expect(keyed?.key, `${keyed?.name}'s key`).toBe(by);
      expect(label && Object.hasOwn(names?.columns ?? {}, label), `${table} has ${label}`).toBe(true);
      expect(def.reads, `${def.name} reads ${keyed?.name}`).toContain(keyed?.name);
    }
  });

  it("has every list's phone card name its own columns, a title and at most three facts", () => {
    const cards = [...RESOURCES.values()].filter((def) => def.card);
    expect(cards.map((def) => def.name)).toEqual(
      expect.arrayContaining([
        "vwCardCharges",
        "vwProjectNoteSearch",
        "vwProjectList",
        "vwClientDirectory",
        "vwCCApprovals",
      ]),
    );
    for (const def of cards) {
      const card = def.card as NonNullable<typeof def.card>;
      for (const name of [card.title, ...card.facts]) expect(def.columns, `${def.name}.${name}`).toHaveProperty(name);
      expect(card.facts.length, def.name).toBeLessThanOrEqual(3);
      expect(card.facts, def.name).not.toContain(card.title);
    }
  });

  it("has every view say which tables it reads, and only tables that exist", () => {
    for (const def of RESOURCES.values()) {
      if (def.kind === "view") expect(def.reads?.length, def.name).toBeGreaterThan(0);
      for (const table of def.reads ?? []) {
        if ((SERVER_TABLES as readonly string[]).includes(table)) continue;
        expect(RESOURCES.get(table)?.kind, `${def.name} reads ${table}`).toBe("table");
      }
    }
  });
});

describe("the time-note form (spec 2.7, 5)", () => {
  const form = recordForm(tblProjectNotes, [
    "projectID",
    "ProjectNotesMinutes",
    "projectNoteCategory",
    "ProjectNotesDesc",
  ]);

  it("requires Project, Charged Time and Type; the note text is optional", () => {
    expect(checkForm(form.rules, form.empty)).toEqual({
      projectID: "Project is required",
      ProjectNotesMinutes: "Charged Time is required",
      projectNoteCategory: "Type is required",
    });
    const filled = { projectID: "12", ProjectNotesMinutes: "45", projectNoteCategory: "105", ProjectNotesDesc: "" };
    expect(checkForm(form.rules, filled)).toEqual({});
  });

  it("stores an empty or blank note text as null, and numbers as numbers", () => {
    const filled = { projectID: "12", ProjectNotesMinutes: "45", projectNoteCategory: "105", ProjectNotesDesc: "  " };
    expect(form.toFields(filled)).toEqual({
      projectID: 12,
      ProjectNotesMinutes: 45,
      projectNoteCategory: 105,
      ProjectNotesDesc: null,
    });
  });

  it("charges only the project time choices (spec 3), which the server checks too", () => {
    const minutes = valueSchema(tblProjectNotes.columns.ProjectNotesMinutes);
    for (const ok of [1, 3, 45, 60, 75, 750]) expect(minutes.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [0, 2, 50, 61, 765, 1440, "45"]) expect(minutes.safeParse(bad).success, String(bad)).toBe(false);
  });
});
