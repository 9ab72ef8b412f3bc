import { describe, expect, it } from "vitest";
import { STATEMENT_YEARS, statementAmount, statementColumns, statementDate, statementLine } from "./statements.js";

describe("a bank statement's columns and lines", () => {
  it("finds its columns by their usual names, and says which required one is missing", () => {
    expect(statementColumns(["Transaction Date", " Description ", "AMOUNT", "Reference Number"])).toEqual({
      date: 0,
      merchant: 1,
      amount: 2,
      reference: 3,
    });
    expect(statementColumns(["Date", "Memo", "Amount"])).toBe(
      "The statement has no Description column (its first line names the columns).",
    );
    expect(statementColumns(["Payee"])).toMatch(/no Date, Amount column/);
  });

  it("reads US and ISO dates, and nothing that is not a day of the calendar", () => {
    expect(statementDate("3/7/2026")).toBe("2026-03-07");
    expect(statementDate("2026-03-07")).toBe("2026-03-07");
    for (const wrong of ["13/45/2026", "02/30/2026", "2026-3-7", "07.03.2026", "", "yesterday"])
      expect(statementDate(wrong), wrong).toBeNull();
  });

  it("reads amounts exactly, credits as negative, and refuses zero, 3 decimals and a billion", () => {
    expect(statementAmount("$1,234.5")).toBe("1234.50");
    expect(statementAmount("12")).toBe("12.00");
    expect(statementAmount("-12.50")).toBe("-12.50");
    expect(statementAmount("(12.50)")).toBe("-12.50");
    expect(statementAmount("999999999.99")).toBe("999999999.99");
    for (const wrong of ["0", "0.00", "1.234", "1000000000", "1e9", "(-5)", "(5", "12,34", "=1+1", ""])
      expect(statementAmount(wrong), wrong).toBeNull();
  });

  it("reads a line, or says what is wrong with it and where", () => {
    const columns = { date: 0, merchant: 1, amount: 2 };
    expect(statementLine(["11/02/2026", '=HYPERLINK("http://x")', "25.00"], columns, 2)).toEqual({
      line: 2,
      date: "2026-11-02",
      amount: "25.00",
      merchant: '=HYPERLINK("http://x")',
      reference: null,
      card: null,
    });
    expect(statementLine(["11/31/2026", "Hotel", "25.00"], columns, 7)).toBe(
      'Line 7: "11/31/2026" is not a date (MM/DD/YYYY or YYYY-MM-DD).',
    );
    expect(statementLine(["11/02/2026", "Hotel", "ten"], columns, 8)).toMatch(/^Line 8: "ten" is not an amount/);
    expect(statementLine(["11/02/2026", " ", "1"], columns, 9)).toBe("Line 9: the description is empty.");
  });

  it("refuses, naming the line, a date outside the years a statement holds, and takes their first and last days", () => {
    const columns = { date: 0, merchant: 1, amount: 2 };
    const line = (date: string) => statementLine([date, "Hotel", "25.00"], columns, 4);
    for (const date of ["01/15/0000", "0000-01-01", "01/01/0001", "12/31/1899", "1899-12-31", "02/30/0026"]) {
      expect(line(date), date).toBe(`Line 4: "${date}" is outside the years a card statement holds (1900 to 9999).`);
    }
    expect(STATEMENT_YEARS).toEqual({ first: 1900, last: 9999 });
    expect(line("01/01/1900")).toMatchObject({ date: "1900-01-01" });
    expect(line("9999-12-31")).toMatchObject({ date: "9999-12-31" });
    // A five-digit year is no date at all; its shape is refused as before.
    expect(line("01/01/10000")).toBe('Line 4: "01/01/10000" is not a date (MM/DD/YYYY or YYYY-MM-DD).');
  });
});
