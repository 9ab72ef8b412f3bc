import { describe, expect, it } from "vitest";
import { CLIENT_STATUSES, lookupLabel, PROJECT_TIME_CHOICES } from "../lookups/enumerations.js";
import { US_STATE_OPTIONS } from "../lookups/us-states.js";
import { checkForm } from "../validation.js";
import { col } from "./column.js";
import { contactLink, displayText, formText, recordForm, storedValue } from "./form.js";
import { resource } from "./resource.js";
import { tblReleaseNote } from "./tblReleaseNote.js";
import { insertSchema, updateSchema, writeSchema } from "./write-schema.js";

const demo = resource({
  name: "demo",
  kind: "table",
  key: "id",
  access: { view: "anyone", add: null, change: null, del: null },
  columns: {
    id: col.id(),
    name: col.text(20, { label: "Name", rules: ["required"] }),
    count: col.integer({ nullable: true, label: "Count" }),
    category: col.integer({ optional: true, label: "Category" }),
    status: col.choice(CLIENT_STATUSES, { label: "Status", rules: ["required"] }),
    state: col.choice(US_STATE_OPTIONS, { nullable: true, label: "State" }),
    phone: col.tel({ nullable: true, label: "Phone" }),
    active: col.flag({ label: "Active" }),
    day: col.date({ nullable: true, label: "Day" }),
    minutes: col.integer({ field: { kind: "minutes" } }),
    at: col.timestamp(),
  },
});

describe("a record form derived from a resource's columns", () => {
  const form = recordForm(demo, ["name", "count", "status", "state", "phone", "active", "day"]);

  it("takes each field's label and rules from its column, adding what typed text needs", () => {
    expect(form.rules.name).toEqual({ label: "Name", rules: ["required", { max: 20 }] });
    expect(form.rules.count.rules).toEqual(["number"]);
    expect(form.rules.day.rules).toEqual(["date"]);
    expect(form.rules.phone.rules).toEqual(["tel", { max: 14 }]);
    expect(form.rules.status.rules).toEqual(["required"]);
    expect(checkForm(form.rules, { ...form.empty, count: "x", day: "2026-01-02", phone: "555" })).toEqual({
      name: "Name is required",
      count: "Enter a valid number",
      status: "Status is required",
      day: "Day is not `Date` format",
      phone: "Phone is not `tel` format",
    });
  });

  it("turns a stored row into form text and back", () => {
    const row = { name: "Ada", count: 7, status: 2, state: "NY", phone: null, active: 1, day: "2026-03-04" };
    const values = form.toForm(row);
    expect(values).toEqual({
      name: "Ada",
      count: "7",
      status: "2",
      state: "NY",
      phone: "",
      active: "1",
      day: "03/04/2026",
    });
    expect(form.toFields(values)).toEqual({ ...row, phone: null });
  });

  it("writes an emptied field as null, or leaves it to its default, and keeps an untyped value for the server to refuse", () => {
    expect(storedValue(demo.columns.count, " ")).toBeNull();
    // Not nullable but defaulted by the database: left out, so the default applies.
    expect(storedValue(demo.columns.category, "")).toBeUndefined();
    expect(storedValue(demo.columns.category, "107")).toBe(107);
    expect(storedValue(demo.columns.day, "")).toBeNull();
    expect(storedValue(demo.columns.name, "")).toBe("");
    expect(storedValue(demo.columns.count, "1.5")).toBe("1.5");
    expect(formText(demo.columns.day, "2026-12-31T00:00:00.000Z")).toBe("12/31/2026");
  });

  it("shows dates, times, minutes, flags and lookups in words in tables", () => {
    expect(displayText(demo.columns.status, 1)).toBe("Prospect");
    expect(displayText(demo.columns.state, "WY")).toBe("Wyoming");
    expect(displayText(demo.columns.active, 0)).toBe("No");
    expect(displayText(demo.columns.day, "2026-07-04")).toBe("07/04/2026");
    expect(displayText(demo.columns.minutes, 135)).toBe("02:15");
    // Time picked from the choices (labelled h:mm in the select) is a duration like any other.
    const charged = col.minuteChoice(PROJECT_TIME_CHOICES);
    expect(lookupLabel(PROJECT_TIME_CHOICES, 240)).toBe("4:00");
    expect(displayText(charged, 240)).toBe("04:00");
    expect(displayText(charged, 5)).toBe("00:05");
    expect(displayText(demo.columns.at, "2026-07-04T15:05:00")).toBe("07/04/2026 03:05 pm");
    expect(displayText(demo.columns.count, null)).toBe("");
    // A phone number as the form writes it, whatever way it was stored.
    expect(displayText(col.tel(), "212.555.0147")).toBe("(212) 555-0147");
    expect(displayText(col.tel(), "ext. 12")).toBe("ext. 12");
  });

  it("builds a table's write schemas once: every write is checked against the same ones", () => {
    expect(insertSchema(tblReleaseNote)).toBe(insertSchema(tblReleaseNote));
    expect(updateSchema(tblReleaseNote)).toBe(updateSchema(tblReleaseNote));
    expect(updateSchema(tblReleaseNote)).not.toBe(insertSchema(tblReleaseNote));
  });

  it("takes a server-owned value of its column's type, to be replaced, and refuses one of another type", () => {
    const stamped = resource({
      name: "stamped",
      kind: "table",
      key: "id",
      access: { view: "anyone", add: "anyone", change: "anyone", del: null },
      columns: { id: col.id(), author: col.owner(), reviewer: col.owner({ nullable: true }), at: col.now() },
    });
    for (const schema of [insertSchema(stamped), updateSchema(stamped)]) {
      // What the web app and other clients send: a row's own values, read back or made up.
      for (const fields of [
        {},
        { author: 7, reviewer: null, at: "2026-01-02 03:04:05" },
        { at: "2026-01-02T03:04:05.123-05:00" },
        { at: "2026-01-02" },
      ]) {
        expect(schema.safeParse(fields).success, JSON.stringify(fields)).toBe(true);
      }
      const refused = (fields: Record<string, unknown>) =>
        schema.safeParse(fields).error?.issues.map((issue) => issue.path.join("."));
      expect(refused({ author: "7" })).toEqual(["author"]);
      expect(refused({ author: 1.5 })).toEqual(["author"]);
      expect(refused({ author: null })).toEqual(["author"]);
      expect(refused({ reviewer: { empID: 1 } })).toEqual(["reviewer"]);
      expect(refused({ at: 1_767_225_600_000 })).toEqual(["at"]);
      expect(refused({ at: "yesterday" })).toEqual(["at"]);
      expect(refused({ at: ["2026-01-02"] })).toEqual(["at"]);
    }
  });

  it("lets the server accept only a lookup's own values", () => {
    const status = writeSchema("status", demo.columns.status);
    expect(status.safeParse(3).success).toBe(true);
    expect(status.safeParse(4).success).toBe(false);
    expect(status.safeParse("2").success).toBe(false);
    const state = writeSchema("state", demo.columns.state);
    expect(state.safeParse("CA").success).toBe(true);
    expect(state.safeParse(null).success).toBe(true);
    expect(state.safeParse("ZZ").success).toBe(false);
    expect(demo.columns.status.type).toBe("integer");
    expect(demo.columns.state.type).toBe("text");
  });

  it("derives the release notes form: a US date typed, a note of 3 to 8 rows", () => {
    const notes = recordForm(tblReleaseNote, ["releaseNoteDate", "releaseNoteBody"]);
    expect(notes.rules.releaseNoteDate).toEqual({ label: "Date", rules: ["required", "date"] });
    expect(notes.columns.releaseNoteBody.field).toEqual({ kind: "textarea" });
    expect(PROJECT_TIME_CHOICES[0]).toEqual({ value: 1, label: "0:01" });
  });
});

describe("contact links", () => {
  const phone = col.tel({ nullable: true, label: "Phone" });
  const fax = col.fax({ nullable: true, label: "Fax" });
  const email = col.email({ label: "E-Mail" });
  const website = col.text(255, { nullable: true, label: "Website", rules: ["url"] });

  it("calls a phone number by its digits, and never a fax", () => {
    expect(contactLink(phone, "(713) 555-0142")).toEqual({ href: "tel:+17135550142", external: false });
    expect(contactLink(phone, "1-713-555-0142")).toEqual({ href: "tel:+17135550142", external: false });
    expect(contactLink(phone, "555-0142")).toBeUndefined();
    expect(contactLink(fax, "(713) 555-0143")).toBeUndefined();
  });

  it("writes to an address and opens a website in a new tab, only when their rules accept them", () => {
    expect(contactLink(email, " ada@example.com ")).toEqual({ href: "mailto:ada@example.com", external: false });
    expect(contactLink(email, "not an address")).toBeUndefined();
    expect(contactLink(website, "https://example.com/a?b=1")).toEqual({
      href: "https://example.com/a?b=1",
      external: true,
    });
    // A script is no website: only http and https lead anywhere.
    expect(contactLink(website, "javascript:alert(1)")).toBeUndefined();
    expect(contactLink(website, null)).toBeUndefined();
    expect(contactLink(col.text(50, { label: "Name" }), "https://example.com")).toBeUndefined();
  });
});
