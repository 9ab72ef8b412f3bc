import { describe, expect, it } from "vitest";
import type { PermissionRow } from "./access.js";
import { GRID_FLAGS, PASSWORD_MIN, permissionChanges, permissionGrid } from "./administration.js";
import { permissionGridBody, signInBody } from "./bodies.js";
import { PAGE_IDS, PAGE_TITLES, PAGES } from "./pages.js";
import { checkField, checkRule, MESSAGES } from "./validation.js";

const row = (page: number, view = 1, add = 0, change = 0, del = 0) => ({
  permissionPageID: page,
  permissionView: view,
  permissionAdd: add,
  permissionChange: change,
  permissionDel: del,
});

/** The first issue's path and message of a refused body. */
function refusal(body: unknown) {
  const result = permissionGridBody.safeParse(body);
  expect(result.success).toBe(false);
  const issue = result.error?.issues[0];
  return { path: issue?.path.join("."), message: issue?.message };
}

describe("permissionGridBody: the grid an administrator saves", () => {
  it("accepts every site page once, with flags of 0 and 1, and an empty grid", () => {
    const all = PAGE_IDS.map((id, i) => row(id, i % 2, 1, 0, (i + 1) % 2));
    expect(permissionGridBody.parse({ rows: all })).toEqual({ rows: all });
    expect(permissionGridBody.parse({ rows: [] })).toEqual({ rows: [] });
  });

  it("refuses a page named twice, even with the same flags", () => {
    expect(refusal({ rows: [row(1), row(2), row(1, 0, 1)] })).toEqual({ path: "rows", message: "names a page twice" });
    expect(refusal({ rows: [row(40), row(40)] }).message).toBe("names a page twice");
  });

  it("refuses a page that is not a site page", () => {
    for (const page of [0, 4, 41, 59, 999, -1, 40.5]) {
      expect(refusal({ rows: [row(1), row(page)] }).path, String(page)).toBe("rows.1.permissionPageID");
    }
    expect(refusal({ rows: [row(99)] }).message).toBe("is not a site page");
    expect(refusal({ rows: [{ ...row(1), permissionPageID: "1" }] }).path).toBe("rows.0.permissionPageID");
  });

  it("refuses a flag other than 0 or 1, and a missing flag", () => {
    for (const { column } of GRID_FLAGS) {
      for (const value of [2, -1, 0.5, "1", true, null]) {
        expect(refusal({ rows: [{ ...row(1), [column]: value }] }).path, `${column} ${value}`).toBe(`rows.0.${column}`);
      }
      const { [column]: _, ...missing } = row(1);
      expect(refusal({ rows: [missing] }).path).toBe(`rows.0.${column}`);
    }
  });

  it("refuses properties it does not know, on a row or the body, and more rows than pages", () => {
    expect(refusal({ rows: [{ ...row(1), empID: 1 }] }).path).toBe("rows.0");
    expect(refusal({ rows: [row(1)], empID: 1 }).path).toBe("");
    expect(refusal({}).path).toBe("rows");
    expect(refusal({ rows: row(1) }).path).toBe("rows");
    const tooMany = { rows: Array.from({ length: PAGE_IDS.length + 1 }, () => row(1)) };
    expect(permissionGridBody.safeParse(tooMany).success).toBe(false);
  });
});

describe("permissionGrid: an employee's grid for the page", () => {
  it("lists every site page in id order with its title, all 0 without rows", () => {
    const grid = permissionGrid([]);
    expect(grid.map((r) => r.permissionPageID)).toEqual(PAGE_IDS);
    expect(PAGE_IDS).toEqual([...PAGE_IDS].sort((a, b) => a - b));
    for (const r of grid) {
      expect(r).toEqual({
        ...row(r.permissionPageID, 0),
        title: PAGE_TITLES[r.permissionPageID as keyof typeof PAGE_TITLES],
      });
    }
  });

  it("takes the flags of the rows held, whatever their order, and ignores rows of no site page", () => {
    const rows: PermissionRow[] = [
      row(PAGES.notes, 0, 1),
      row(PAGES.administrator, 1, 1, 1, 1),
      row(1),
      row(77, 1, 1, 1, 1),
    ];
    const grid = permissionGrid(rows);
    expect(grid).toHaveLength(PAGE_IDS.length);
    const flags = (page: number) => {
      const { title: _, ...rest } = grid.find((r) => r.permissionPageID === page) ?? { title: "" };
      return rest;
    };
    expect(flags(1)).toEqual(row(1));
    expect(flags(PAGES.notes)).toEqual(row(PAGES.notes, 0, 1));
    expect(flags(PAGES.administrator)).toEqual(row(PAGES.administrator, 1, 1, 1, 1));
    expect(flags(PAGES.projects)).toEqual(row(PAGES.projects, 0));
    expect(grid.find((r) => r.permissionPageID === 77)).toBeUndefined();
    expect(grid.find((r) => r.permissionPageID === PAGES.administrator)?.title).toBe("Administrator Privileges");
  });

  it("round-trips: a grid read from rows saves as a valid body", () => {
    const grid = permissionGrid([row(1), row(PAGES.lists, 1, 0, 1)]);
    const body = { rows: grid.map(({ title: _, ...r }) => r) };
    expect(permissionGridBody.safeParse(body).success).toBe(true);
  });
});

describe("signInBody", () => {
  it("needs a username of letters, digits and . _ @ -, and a password of at least PASSWORD_MIN characters", () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(signInBody.parse({ username: " jane.doe@x ", password: "12345678" })).toEqual({
      username: "jane.doe@x",
      password: "12345678",
    });
    expect(signInBody.safeParse({ username: "jane" }).success).toBe(true);
    const short = signInBody.safeParse({ username: "jane", password: "1234567" });
    expect(short.error?.issues[0]?.message).toBe("must have at least 8 characters");
    for (const username of ["", "   ", "jane doe", "jane;drop", "jäne"]) {
      expect(signInBody.safeParse({ username, password: "12345678" }).success, username).toBe(false);
    }
    expect(signInBody.safeParse({ username: "jane", disabled: "yes" }).success).toBe(false);
    expect(signInBody.safeParse({ username: "jane", admin: true }).success).toBe(false);
  });
});

describe("the email and url rules", () => {
  it("email accepts an address with a dotted domain, with the exact message otherwise", () => {
    for (const value of ["a@b.co", "first.last+tag@mail.example.com", " jo@x.org ", "o'neil@x.ie"]) {
      expect(checkRule("email", value, "E-Mail"), value).toBeNull();
    }
    for (const value of [
      "nope",
      "a@b",
      "@b.co",
      "a@",
      "a b@c.de",
      "a@b c.de",
      "a@@b.co",
      "a@b..co",
      "a@.b.co",
      "a@b.co.",
    ]) {
      expect(checkRule("email", value, "E-Mail"), value).toBe("E-Mail is not `email` format");
    }
    expect(MESSAGES.email("Contact E-Mail")).toBe("Contact E-Mail is not `email` format");
  });

  it("url accepts http and https addresses, with the exact message otherwise", () => {
    for (const value of [
      "http://example.com",
      "https://www.example.com/path?q=1#top",
      "HTTPS://EXAMPLE.COM",
      "https://track.example/?n={trackingNumber}",
      "http://localhost:8080",
    ]) {
      expect(checkRule("url", value, "Website"), value).toBeNull();
    }
    for (const value of [
      "www.example.com",
      "example.com",
      "ftp://example.com",
      "https://",
      "https:// x.com",
      "http://.com",
      "javascript:alert(1)",
      "https//x.com",
    ]) {
      expect(checkRule("url", value, "Website"), value).toBe("Website is not `url` format");
    }
  });

  it("pass an empty value (only required refuses it), and run after required", () => {
    for (const rule of ["email", "url"] as const) {
      for (const empty of ["", "  ", null, undefined]) expect(checkRule(rule, empty, "Field"), rule).toBeNull();
    }
    expect(checkField(["required", "email"], "", "E-Mail")).toBe("E-Mail is required");
    expect(checkField(["required", "email"], "x", "E-Mail")).toBe("E-Mail is not `email` format");
    expect(checkField(["url", { max: 10 }], "https://example.com/long", "Website")).toBe(
      "Website must have at most 10 characters",
    );
  });
});

describe("permissionChanges", () => {
  it("names each page whose rights change, in page order; a page with no flag on has no row", () => {
    const before = [row(40), row(3, 1, 1), row(33, 0, 0, 0, 0)];
    const wanted = [row(3, 1, 1), row(2, 1, 0, 1), row(40, 0), row(33, 0)];
    expect(permissionChanges(before, wanted)).toEqual([
      { permissionPageID: 2, before: null, after: row(2, 1, 0, 1) },
      { permissionPageID: 40, before: row(40), after: null },
    ]);
    expect(permissionChanges(wanted, wanted)).toEqual([]);
    expect(permissionChanges([row(5)], [row(5, 1, 1)])).toEqual([
      { permissionPageID: 5, before: row(5), after: row(5, 1, 1) },
    ]);
  });

  it("keeps only a row's page and flags, whatever else the row holds", () => {
    const stored = { ...row(7), permissionID: 12, empID: 4 };
    expect(permissionChanges([stored], [])).toEqual([{ permissionPageID: 7, before: row(7), after: null }]);
  });
});
