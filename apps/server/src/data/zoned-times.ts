import { zonedIso } from "@office/core";

/**
 * Times leave the data service in the company's zone ("2026-11-23T09:05:00-05:00"): the same
 * instants, with the company's wall clock in their digits, so the web app prints the company's
 * days and hours whatever the browser's zone.
 */
export function zoneTimes<Row extends Record<string, unknown>>(rows: Row[], timeZone: string): Row[] {
  for (const row of rows) {
    for (const [name, value] of Object.entries(row)) {
      if (value instanceof Date) (row as Record<string, unknown>)[name] = zonedIso(value, timeZone);
    }
  }
  return rows;
}
