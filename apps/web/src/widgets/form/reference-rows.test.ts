import { parseWhere, RESOURCES, type Reference, tblEmployee, tblPortalOrder, tblProject } from "@office/core";
import { describe, expect, it } from "vitest";
import { listedWhole, referenceOf, referenceRowParams, searchWhere } from "./reference-rows";

const client = referenceOf(tblProject.columns.projectClientID.field);
const owner = referenceOf(tblProject.columns.projectOwnerID.field);
const contact = referenceOf(tblPortalOrder.columns.contactID.field);
const category = referenceOf(tblProject.columns.projectCategory.field);

describe("which selects search on the server", () => {
  it("lists a small table's rows whole and searches every other table", () => {
    expect(listedWhole(category)).toBe(true);
    for (const reference of [client, owner, contact, referenceOf(tblEmployee.columns.empManagerID.field)]) {
      expect(listedWhole(reference)).toBe(false);
    }
  });

  it("lists whole only the references declared over tblAppLookup, the one table declared small", () => {
    const references = [...RESOURCES.values()].flatMap((def) =>
      Object.values(def.columns).flatMap((column) =>
        column.field?.kind === "reference" ? [column.field.reference] : [],
      ),
    );
    const whole = new Set(references.filter(listedWhole).map((reference: Reference) => reference.table));
    expect([...whole]).toEqual(["tblAppLookup"]);
    expect(references.filter((reference) => !listedWhole(reference)).length).toBeGreaterThan(5);
  });
});

describe("the where of a select searched on the server", () => {
  it("is the typed term anywhere in the label", () => {
    expect(searchWhere(client, undefined, "Harbor")).toBe("clientName LIKE '%Harbor%'");
  });

  it("escapes a quote in the term, so the where still parses with the term whole", () => {
    const where = searchWhere(client, undefined, "O'Hara's") ?? "";
    expect(where).toBe("clientName LIKE '%O''Hara''s%'");
    expect(parseWhere(where, { isColumn: (column) => column === "clientName" })).toEqual({
      type: "like",
      column: "clientName",
      negated: false,
      pattern: "%O'Hara's%",
    });
  });

  it("takes LIKE's wildcards in the term literally", () => {
    expect(searchWhere(client, undefined, "100%_")).toBe("clientName LIKE '%100\\%\\_%'");
  });

  it("offers only active rows where the reference has a flag, and all of them before a term", () => {
    expect(searchWhere(owner, undefined, "")).toBe("empActive = 1");
    expect(searchWhere(owner, undefined, "Chen")).toBe("empActive = 1 AND empName LIKE '%Chen%'");
    expect(searchWhere(client, undefined, "")).toBe("");
  });

  it("offers a contact only of the chosen client, and nothing before one is chosen", () => {
    expect(searchWhere(contact, "42", "")).toBe("clientID = 42");
    expect(searchWhere(contact, "42", "Ann")).toBe("clientID = 42 AND contactName LIKE '%Ann%'");
    expect(searchWhere(contact, "", "Ann")).toBeNull();
    expect(searchWhere(contact, undefined, "")).toBeNull();
  });
});

describe("the label of a value", () => {
  it("is read by the value's id: one row, its key and label", () => {
    expect(referenceRowParams(client, "4711")).toEqual({
      table: "tblClient",
      fields: "clientID,clientName",
      where: "clientID = 4711",
      rowLimit: 1,
    });
    expect(referenceRowParams(owner, "7")).toEqual({
      table: "vwEmployeeDirectory",
      fields: "empID,empName",
      where: "empID = 7",
      rowLimit: 1,
    });
  });
});
