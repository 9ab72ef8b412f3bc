import { type RawBuilder, sql } from "kysely";

/*
 * Days of the company's calendar as instants: their midnights in the session's zone, which is
 * the company's (db/database.ts), as the where language reads a date ('2026-11-23').
 */

/** The first instant of a day (YYYY-MM-DD). */
export const startOfDay = (day: string): RawBuilder<unknown> => sql`${day}::date::timestamptz`;

/** The end of a day: the next day's first instant. */
export const endOfDay = (day: string): RawBuilder<unknown> => sql`(${day}::date + 1)::timestamptz`;
