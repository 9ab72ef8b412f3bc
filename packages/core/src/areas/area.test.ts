import { describe, expect, it } from "vitest";
import { PAGES } from "../pages.js";
import { whereBuilder } from "../where/build.js";
import { parseWhere } from "../where/parser.js";
import { printWhere } from "../where/print.js";
import { type AreaDeclaration, area, areaSearch, searchLink } from "./area.js";
import { CREDIT_CARDS } from "./credit-cards.js";
import { CLIENTS, EMPLOYEES, MASTER_CLIENTS, SHIPPING_COMPANIES, VENDORS } from "./directory.js";
import { PORTAL_ORDERS, PROJECTS } from "./projects.js";
import { AREAS, areaOf } from "./registry.js";
import { criteriaWhere, type SearchCriterion } from "./search.js";
import { NOTES_SEARCH } from "./searches.js";
import { SHIPMENTS } from "./shipments.js";

const w = whereBuilder();
const clients = (values: Record<string, string | undefined>) =>
  printWhere(criteriaWhere(CLIENTS.criteria, CLIENTS.list, values));
const employees = (values: Record<string, string | undefined>) =>
  printWhere(criteriaWhere(EMPLOYEES.criteria, EMPLOYEES.list, values));

describe("criteriaWhere: the where of an advanced search", () => {
  it("is null when no box is filled (empty, blank or unknown boxes)", () => {
    expect(criteriaWhere(CLIENTS.criteria, CLIENTS.list, {})).toBeNull();
    expect(criteriaWhere(CLIENTS.criteria, CLIENTS.list, { name: "", city: "   ", state: undefined })).toBeNull();
    expect(criteriaWhere(CLIENTS.criteria, CLIENTS.list, { nonsense: "x", clientName: "Acme" })).toBeNull();
  });

  it("is one box's condition alone, trimmed", () => {
    expect(clients({ name: "  Acme  " })).toBe("clientName LIKE '%Acme%'");
    expect(criteriaWhere(CLIENTS.criteria, CLIENTS.list, { state: "NY" })).toEqual(w.eq("clientState", "NY"));
  });

  it("ANDs every filled box, in the criteria's order", () => {
    expect(clients({ city: "Spring", name: "Acme", status: "2" })).toBe(
      "clientName LIKE '%Acme%' AND clientStatus = 2 AND clientCity LIKE '%Spring%'",
    );
    expect(criteriaWhere(CLIENTS.criteria, CLIENTS.list, { name: "Acme", state: "NY" })).toEqual(
      w.and(w.contains("clientName", "Acme"), w.eq("clientState", "NY")),
    );
  });

  it("matches words in any of a contains box's columns (OR), inside the AND", () => {
    expect(employees({ name: "al" })).toBe("empFirstName LIKE '%al%' OR empLastName LIKE '%al%'");
    expect(employees({ name: "al", department: "136" })).toBe(
      "(empFirstName LIKE '%al%' OR empLastName LIKE '%al%') AND empDepartment = 136",
    );
    expect(criteriaWhere(VENDORS.criteria, VENDORS.list, { name: "Bolt", active: "1" })).toEqual(
      w.and(w.or(w.contains("vendorName", "Bolt"), w.contains("vendorContact", "Bolt")), w.eq("vendorActive", 1)),
    );
  });

  it("takes % and _ (and \\) typed in a box literally, and quotes stay quoted", () => {
    expect(clients({ name: "50%_off" })).toBe("clientName LIKE '%50\\%\\_off%'");
    expect(clients({ name: "a\\b" })).toBe("clientName LIKE '%a\\\\b%'");
    expect(clients({ name: "O'Brien" })).toBe("clientName LIKE '%O''Brien%'");
    // The printed text parses back to the same tree: a typed term cannot change its shape.
    const isColumn = (name: string) => Object.hasOwn(CLIENTS.list.columns, name);
    for (const name of ["O'Brien' OR 1=1 --", "50%_off", "a) OR (b", "\\'"]) {
      const where = criteriaWhere(CLIENTS.criteria, CLIENTS.list, { name, state: "NY" });
      expect(parseWhere(printWhere(where), { isColumn })).toEqual(where);
    }
  });

  it("compares an integer column's box as a number, and skips text that is not one", () => {
    expect(clients({ status: "2" })).toBe("clientStatus = 2");
    expect(criteriaWhere(CLIENTS.criteria, CLIENTS.list, { status: " 3 " })).toEqual(w.eq("clientStatus", 3));
    expect(clients({ master: "-4" })).toBe("masterClientID = -4");
    for (const text of ["abc", "2 OR 1=1", "1.5", "1e3", "0x10", "12345678901", "--1", "2'"]) {
      expect(criteriaWhere(CLIENTS.criteria, CLIENTS.list, { status: text }), text).toBeNull();
      expect(clients({ status: text, name: "Acme" }), text).toBe("clientName LIKE '%Acme%'");
    }
    // A text column's box is compared as text, even when it looks like a number.
    expect(criteriaWhere(CLIENTS.criteria, CLIENTS.list, { state: "12" })).toEqual(w.eq("clientState", "12"));
    expect(clients({ state: "12" })).toBe("clientState = '12'");
  });

  it("looks the column's type up in the resource it is given", () => {
    const criteria: SearchCriterion[] = [{ name: "x", label: "X", kind: "equals", columns: ["clientName"] }];
    expect(printWhere(criteriaWhere(criteria, CLIENTS.list, { x: "7" }))).toBe("clientName = '7'");
    expect(criteriaWhere(criteria, CLIENTS.list, { x: "seven" })).toEqual(w.eq("clientName", "seven"));
  });
});

describe("area(): a directory area's declaration, checked", () => {
  const base = (): AreaDeclaration => ({
    noun: EMPLOYEES.noun,
    resource: EMPLOYEES.resource,
    list: EMPLOYEES.list,
    listColumns: EMPLOYEES.listColumns,
    order: EMPLOYEES.order,
    page: EMPLOYEES.page,
    icon: EMPLOYEES.icon,
    menu: EMPLOYEES.menu,
    routes: EMPLOYEES.routes,
    sections: EMPLOYEES.sections,
    criteria: EMPLOYEES.criteria,
    children: EMPLOYEES.children,
  });

  it("derives the same area from the same declaration", () => {
    const again = area(base());
    expect(again.form.names).toEqual(EMPLOYEES.form.names);
    expect([again.listTitle, again.recordTitle, again.newLabel]).toEqual([
      EMPLOYEES.listTitle,
      EMPLOYEES.recordTitle,
      EMPLOYEES.newLabel,
    ]);
  });

  it("throws on a list column, criterion column or section field the resources do not have", () => {
    expect(() => area({ ...base(), listColumns: [...EMPLOYEES.listColumns, "empShoeSize"] })).toThrow(
      "vwEmployeeDirectory has no column empShoeSize",
    );
    expect(() =>
      area({
        ...base(),
        criteria: [...EMPLOYEES.criteria, { name: "shoe", label: "Shoe", kind: "equals", columns: ["empShoeSize"] }],
      }),
    ).toThrow("has no column empShoeSize");
    expect(() =>
      area({
        ...base(),
        criteria: [{ name: "n", label: "N", kind: "contains", columns: ["empFirstName", "nickname"] }],
      }),
    ).toThrow("has no column nickname");
    expect(() => area({ ...base(), sections: [{ title: "More", fields: ["empFirstName", "empShoeSize"] }] })).toThrow(
      "tblEmployee has no column empShoeSize",
    );
    // A list column of the view only (a joined name) is not a field of the table's form.
    expect(() => area({ ...base(), sections: [{ title: "Names", fields: ["departmentName"] }] })).toThrow(
      "tblEmployee has no column departmentName",
    );
  });

  it("throws on a child list's unknown foreign key, column or field", () => {
    const [contacts] = CLIENTS.children;
    if (!contacts) throw new Error("clients have no contacts");
    const clientArea = (child: typeof contacts): AreaDeclaration => ({
      noun: CLIENTS.noun,
      resource: CLIENTS.resource,
      list: CLIENTS.list,
      listColumns: CLIENTS.listColumns,
      order: CLIENTS.order,
      page: CLIENTS.page,
      icon: CLIENTS.icon,
      menu: CLIENTS.menu,
      routes: CLIENTS.routes,
      sections: CLIENTS.sections,
      criteria: CLIENTS.criteria,
      children: [child],
    });
    expect(() => area(clientArea(contacts))).not.toThrow();
    expect(() => area(clientArea({ ...contacts, foreignKey: "clientKey" }))).toThrow("has no column clientKey");
    expect(() => area(clientArea({ ...contacts, columns: [...contacts.columns, "contactFax"] }))).toThrow(
      "has no column contactFax",
    );
    expect(() =>
      area(
        clientArea({ ...contacts, edit: { fields: ["contactName", "contactAge"], newLabel: "New", recordTitle: "C" } }),
      ),
    ).toThrow("has no column contactAge");
  });

  it("throws without a record page or dialog, or without a list or search", () => {
    const { record: _, ...listAndSearch } = EMPLOYEES.routes;
    const noRecord = { ...base(), routes: listAndSearch };
    expect(() => area(noRecord)).toThrow("an area needs a record page or a dialog");
    expect(() => area({ ...noRecord, dialog: { newLabel: "New Employee", recordTitle: "Employee" } })).not.toThrow();
    const { all: _all, search: _search, ...recordOnly } = EMPLOYEES.routes;
    expect(() => area({ ...base(), routes: recordOnly })).toThrow("an area needs a list or a search");
  });

  it("declares its routes for the route table: gated by its page, in its menu", () => {
    const group = area(base()).routeGroup;
    expect(group).toMatchObject({ icon: "employees", page: PAGES.employees, menu: { under: ["Employees"] } });
    expect(group.routes.map((r) => [r.path, r.title, r.label])).toEqual([
      ["/employee/all", "Employees", "All Employees"],
      ["/employee", "Employee Search", "Advanced Search"],
      ["/employee/de", "Employee", "New Employee"],
    ]);
  });
});

describe("the areas", () => {
  it("show a status beside the record's name where a record has one: projects, clients, cards and parcels", () => {
    const withStatus = Object.fromEntries(AREAS.filter((a) => a.status).map((a) => [a.noun, a.status]));
    expect(withStatus).toEqual({
      project: "latestStatusName",
      client: "clientStatus",
      "credit card": "ccStatus",
      shipment: "trackingStatus",
    });
  });

  it("are the directory's five, the projects' two, the cards and the shipments, each found by each of its routes", () => {
    expect(AREAS).toEqual([
      EMPLOYEES,
      CLIENTS,
      MASTER_CLIENTS,
      VENDORS,
      SHIPPING_COMPANIES,
      PROJECTS,
      PORTAL_ORDERS,
      CREDIT_CARDS,
      SHIPMENTS,
    ]);
    for (const a of AREAS) {
      for (const path of [a.allPath, a.searchPath, a.recordPath].filter(Boolean))
        expect(areaOf(path as string)).toBe(a);
    }
    const paths = AREAS.flatMap((a) => [a.allPath, a.searchPath, a.recordPath].filter(Boolean));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(AREAS.map((a) => [a.noun, a] as const))("%s: the form holds every section field, once, in order", (_, a) => {
    const fields = a.sections.flatMap((s) => s.fields);
    expect(new Set(fields).size).toBe(fields.length);
    expect(a.form.names).toEqual(fields);
    for (const field of fields) {
      expect(a.form.columns[field], field).toBe(a.resource.columns[field]);
      expect(a.form.rules[field], field).toBeDefined();
      expect(a.form.empty[field], field).toEqual(expect.any(String));
    }
  });

  it.each(AREAS.map((a) => [a.noun, a] as const))(
    "%s: every column of its table a user types is on its form",
    (_, a) => {
      const fields = new Set(a.sections.flatMap((s) => s.fields));
      const typed = Object.entries(a.resource.columns)
        .filter(([, c]) => !c.generated && !c.serverOwned)
        .map(([name]) => name)
        .filter((name) => !a.resource.selfService?.fields.includes(name));
      expect(typed.filter((name) => !fields.has(name))).toEqual([]);
    },
  );

  it.each(AREAS.map((a) => [a.noun, a] as const))("%s: list, order and search name the list's columns", (_, a) => {
    for (const column of a.listColumns) expect(Object.hasOwn(a.list.columns, column), column).toBe(true);
    for (const criterion of a.criteria) {
      for (const column of criterion.columns) expect(Object.hasOwn(a.list.columns, column), column).toBe(true);
      if (criterion.kind !== "contains") expect(criterion.columns).toHaveLength(1);
    }
    const names = a.criteria.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const part of a.order.split(",")) {
      const column = part.trim().split(/\s+/)[0] as string;
      expect(Object.hasOwn(a.list.columns, column), column).toBe(true);
    }
  });
});

describe("related lists", () => {
  const link = (of: AreaDeclaration, title: string) => of.children.find((child) => child.title === title)?.search;

  it("each open the search that lists them all, with the record in one of its equals boxes", () => {
    expect(link(CLIENTS, "Projects")).toEqual({ path: "/project", title: "Project Search", param: "client" });
    expect(link(MASTER_CLIENTS, "Clients")).toEqual({ path: "/client", title: "Client Search", param: "master" });
    // The notes search opens on this week: the link asks for every day up to today.
    expect(link(EMPLOYEES, "Time Notes")).toEqual({
      path: "/project/pn",
      title: "Notes / Time Search",
      param: "employee",
      rangeToToday: "loggedTo",
    });
    expect(link(EMPLOYEES, "Card Charges")).toMatchObject({ path: "/creditcard/report", param: "spender" });
    // The box a link fills finds the record's rows, by the child list's own foreign key.
    const client = PROJECTS.criteria.find((box) => box.name === "client");
    expect(client).toMatchObject({ kind: "equals", columns: ["projectClientID"] });
  });

  it("are refused a box that is not an equals box, or that the page does not have", () => {
    expect(() => searchLink(areaSearch(PROJECTS), "name")).toThrow(/no equals box name/);
    expect(() => searchLink(NOTES_SEARCH, "nobody")).toThrow(/no equals box nobody/);
    expect(() => areaSearch(MASTER_CLIENTS)).toThrow(/has no search/);
  });
});
