import { describe, expect, it } from "vitest";
import { recordName } from "./areas/area.js";
import { AREAS } from "./areas/registry.js";
import { PALETTE_AREAS, PALETTE_PAGES, paletteDescription, paletteRecordQuery } from "./palette.js";
import { parseWhere } from "./where/index.js";

const area = (noun: string) => {
  const found = AREAS.find((a) => a.noun === noun);
  if (!found) throw new Error(noun);
  return found;
};

describe("the command palette's entries", () => {
  it("offers every page but data-entry forms, disabled routes, sign-in and the app's own", () => {
    const paths = PALETTE_PAGES.map((r) => r.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/vendor/all");
    expect(paths).toContain("/shippingcompany/all");
    expect(paths).toContain("/settings");
    for (const gone of ["/project/de", "/vendor/de", "/project/ac", "/login", "/forbidden", "/update-config"])
      expect(paths).not.toContain(gone);
  });

  it("finds the records of each area with a record page, from its declaration alone", () => {
    const nouns = PALETTE_AREAS.map((a) => a.noun);
    expect(nouns.sort()).toEqual(["client", "credit card", "employee", "project", "shipping company", "vendor"]);
  });

  it("searches each word of the query in the columns that name a record, or a number as the id", () => {
    const employees = area("employee");
    const query = paletteRecordQuery(employees, "ada  lo'v");
    expect(query).toMatchObject({
      table: "vwEmployeeDirectory",
      // With what tells two of one name apart.
      fields: "empID,empFirstName,empLastName,departmentName",
      rowLimit: 5,
    });
    expect(query?.where).toBe(
      "(empFirstName LIKE '%ada%' OR empLastName LIKE '%ada%') AND (empFirstName LIKE '%lo''v%' OR empLastName LIKE '%lo''v%')",
    );
    expect(() => parseWhere(query?.where ?? "")).not.toThrow();
    expect(paletteRecordQuery(area("project"), "42")?.where).toBe("projectID = 42 OR projectName LIKE '%42%'");
    expect(paletteDescription(area("client"), { clientID: 12, clientCity: "Springfield", clientState: "IL" })).toBe(
      "Client 12 · Springfield, IL",
    );
    expect(paletteDescription(area("client"), { clientID: 13, clientCity: null, clientState: "" })).toBe("Client 13");
    // A user's % and _ are letters, not wildcards.
    expect(paletteRecordQuery(area("vendor"), "5%_")?.where).toBe("vendorName LIKE '%5\\%\\_%'");
    // A pasted paragraph: its first five words, each of at most 50 letters, a where the service accepts.
    const pasted = paletteRecordQuery(employees, `${"%_".repeat(60)} ${"word ".repeat(40)}`);
    expect(pasted?.where.match(/ LIKE /g)).toHaveLength(10);
    expect(() => parseWhere(pasted?.where ?? "")).not.toThrow();
  });

  it("sends nothing for a search of one letter, or for an area whose records have no name", () => {
    expect(paletteRecordQuery(area("client"), " a ")).toBeNull();
    expect(paletteRecordQuery(area("portal order"), "anything")).toBeNull();
  });

  it("names a record by its title columns, or by its page's title and id where they are empty", () => {
    const employees = area("employee");
    expect(recordName(employees, { empID: 3, empFirstName: "Ada", empLastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(recordName(area("project"), { projectID: 9, projectName: "" })).toBe("Project 9");
  });
});
