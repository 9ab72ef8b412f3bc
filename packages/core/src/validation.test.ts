import { describe, expect, it } from "vitest";
import { checkField, checkForm, checkRule, MESSAGES, validateApprovalCode } from "./validation.js";

const check = (rule: Parameters<typeof checkRule>[0], value: unknown, field = "Amount") =>
  checkRule(rule, value, field);

describe("the form rules of spec 5, with their exact messages", () => {
  it("required: empty, blank and null fail; anything else passes", () => {
    for (const empty of ["", "   ", null, undefined])
      expect(check("required", empty, "Project")).toBe("Project is required");
    for (const value of ["x", 0, "0", " a "]) expect(check("required", value, "Project")).toBeNull();
  });

  it("min and max length count characters, not bytes", () => {
    expect(check({ min: 3 }, "ab", "Name")).toBe("Name must have at least 3 characters");
    expect(check({ min: 3 }, "abc", "Name")).toBeNull();
    expect(check({ max: 3 }, "abcd", "Name")).toBe("Name must have at most 3 characters");
    expect(check({ max: 3 }, "abc", "Name")).toBeNull();
    expect(check({ max: 3 }, "ééé", "Name")).toBeNull();
    expect(check({ max: 2 }, "😀😀", "Name")).toBeNull();
    expect(check({ min: 3 }, "", "Name")).toBeNull();
  });

  it("currency: digits with an optional 1 to 2 decimals", () => {
    for (const ok of ["0", "12", "12.5", "12.50", 7, 7.25]) expect(check("currency", ok)).toBeNull();
    for (const bad of ["12.", "12.505", "-3", "1,000", "$5", "abc", "1e3", " 1 2"])
      expect(check("currency", bad)).toBe("Amount is not `currency` format");
  });

  it("currency_not_zero", () => {
    for (const zero of ["0", "0.00", 0]) expect(check("currency_not_zero", zero)).toBe("Amount cannot be zero");
    expect(check("currency_not_zero", "0.01")).toBeNull();
  });

  it("tel and tel_ext: (nnn) nnn-nnnn; tel_ext may add an extension", () => {
    expect(check("tel", "(555) 010-4477", "Phone")).toBeNull();
    for (const bad of ["555-010-4477", "(555)010-4477", "(555) 010-447", "(555) 010-44777", "(555) 010-4477 x12"])
      expect(check("tel", bad, "Phone")).toBe("Phone is not `tel` format");
    expect(check("tel_ext", "(555) 010-4477 x12", "Phone")).toBeNull();
    expect(check("tel_ext", "(555) 010-4477 ext. 1234", "Phone")).toBeNull();
    expect(check("tel_ext", "(555) 010-4477 ext", "Phone")).toBe("Phone is not `tel` format");
  });

  it("requireddaterange: at least a start or an end", () => {
    expect(check("requireddaterange", { start: "", end: "" }, "Created")).toBe("Created is required");
    expect(check("requireddaterange", {}, "Created")).toBe("Created is required");
    expect(check("requireddaterange", { start: "01/02/2026" }, "Created")).toBeNull();
    expect(check("requireddaterange", { end: "01/02/2026" }, "Created")).toBeNull();
  });

  it("daterangevalidformat: MM/DD/YYYY strict for both ends", () => {
    const rule = "daterangevalidformat";
    expect(check(rule, { start: "01/02/2026", end: "12/31/2026" }, "Created")).toBeNull();
    expect(check(rule, { start: "01/02/2026", end: "" }, "Created")).toBeNull();
    for (const bad of ["1/2/2026", "2026-01-02", "02/30/2026", "13/01/2026", "01/02/26"])
      expect(check(rule, { start: bad, end: "" }, "Created")).toBe("Created is not `date` format");
    expect(check(rule, { start: "01/02/2026", end: "02/29/2026" }, "Created")).toBe("Created is not `date` format");
  });

  it("daterange: start <= end", () => {
    expect(check("daterange", { start: "01/02/2026", end: "01/02/2026" })).toBeNull();
    expect(check("daterange", { start: "01/03/2026", end: "01/02/2026" })).toBe(
      "start date must be less than end date",
    );
    expect(check("daterange", { start: "12/31/2025", end: "01/01/2026" })).toBeNull();
    expect(check("daterange", { start: "01/03/2026", end: "" })).toBeNull();
  });

  it("tracking_number: no commas; tracking_numbers passes everything", () => {
    expect(check("tracking_number", "1Z999AA10123456784, 123456789012")).toBe("use space as separator");
    expect(check("tracking_number", "1Z999AA10123456784 123456789012")).toBeNull();
    expect(check("tracking_numbers", "a,b;c")).toBeNull();
  });

  it("time: a 12-hour clock", () => {
    for (const ok of ["09:30 AM", "9:30 pm", "12:00 PM", "12:59am"]) expect(check("time", ok)).toBeNull();
    for (const bad of ["13:00 PM", "00:30 AM", "9:60 AM", "09:30", "9 AM"])
      expect(check("time", bad)).toBe("Enter a valid time in the format HH:mm AM/PM");
  });

  it("number: digits only", () => {
    expect(check("number", "0123")).toBeNull();
    expect(check("number", 42)).toBeNull();
    for (const bad of ["-1", "1.5", "1e3", "12a", "١٢"]) expect(check("number", bad)).toBe("Enter a valid number");
  });

  it("date: strict MM/DD/YYYY, a real day", () => {
    expect(check("date", "02/29/2024", "Hired")).toBeNull();
    for (const bad of ["02/29/2025", "2/9/2025", "2025-02-09", "00/10/2025", "12/32/2025"])
      expect(check("date", bad, "Hired")).toBe("Hired is not `Date` format");
  });

  it("rules other than required let an empty value pass", () => {
    for (const rule of ["currency", "tel", "time", "number", "date", "tel_ext"] as const)
      expect(check(rule, "")).toBeNull();
  });

  it("takes hostile input as text: no crash, a plain message", () => {
    const hostile = ["'; DROP TABLE tblProject; --", "<script>alert(1)</script>", "\u0000", `${"9".repeat(100_000)}x`];
    for (const value of hostile) {
      expect(check("currency", value)).toBe("Amount is not `currency` format");
      expect(check("date", value, "D")).toBe("D is not `Date` format");
    }
    expect(check("currency", { toString: () => "1" })).toBe("Amount is not `currency` format");
  });
});

describe("fields and forms", () => {
  it("gives the first failing rule of a field", () => {
    expect(checkField(["required", { max: 3 }], "", "Code")).toBe("Code is required");
    expect(checkField(["required", { max: 3 }], "abcd", "Code")).toBe("Code must have at most 3 characters");
    expect(checkField(["required", { max: 3 }], "abc", "Code")).toBeNull();
  });

  it("checks a whole form, by field name", () => {
    const form = {
      projectID: { label: "Project", rules: ["required"] },
      minutes: { label: "Charged Time", rules: ["required", "number"] },
      note: { label: "Note", rules: [{ max: 5 }] },
    } as const;
    expect(checkForm(form, { minutes: "x", note: "toolong" })).toEqual({
      projectID: "Project is required",
      minutes: "Enter a valid number",
      note: "Note must have at most 5 characters",
    });
    expect(checkForm(form, { projectID: 4, minutes: 15 })).toEqual({});
  });

  it("runs the form's asynchronous approval-code check", async () => {
    const known = async (code: string) => code === "A-17";
    expect(await validateApprovalCode("A-17", "Approval Code", known)).toBeNull();
    expect(await validateApprovalCode("B-1", "Approval Code", known)).toBe(MESSAGES.approvalCode("Approval Code"));
    expect(MESSAGES.approvalCode("Approval Code")).toBe("Approval Code is not valid. Please re-enter the valid one.");
    expect(await validateApprovalCode("", "Approval Code", known)).toBeNull();
  });
});
