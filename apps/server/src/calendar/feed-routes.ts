import {
  CALENDAR_FEED_PATH,
  CALENDAR_FEED_READS_PER_MINUTE,
  type CalendarFeedAddress,
  calendarFeedPath,
  ERROR_MESSAGES,
  idPath,
  zonedIso,
} from "@office/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { resolveJwtSecret } from "../auth/secret.js";
import { audit } from "../data/audit.js";
import { actorOf } from "../data/context.js";
import { employeeCaller } from "../db/caller.js";
import type { DB } from "../db/schema.js";
import { AppError } from "../http/app-error.js";
import { served } from "../http/operations.js";
import { createRateWindow, type RateWindow } from "../http/rate-window.js";
import { feedOwner, feedSeal, feedText, feedTokenHash, newFeedToken } from "./feed.js";

/** The feeds' table as the audit trail names it: a row per employee, no secret in it (calendar/feed.ts). */
const FEED_TABLE = { name: "calendarFeed", key: "empID" };

const address = z.object({ url: z.string().nullable(), created: z.string().nullable() });

/** One answer for every address that gives no feed: wrong, revoked, another's, or its owner's right gone. */
const NO_FEED = "There is no calendar feed at this address.";

/**
 * The calendar's subscription feed (core's operations/calendar-feed.ts): the caller's own
 * address (read, made anew, revoked) and the feed itself, which calendar apps read without a
 * session at the address's path. `jwtSecret` is the configured signing secret, if any: the
 * addresses are sealed under a key derived from the server's (auth/secret.ts).
 */
export async function calendarFeedRoutes(
  instance: FastifyInstance,
  {
    db,
    timeZone,
    jwtSecret,
    reads = createRateWindow({ limit: CALENDAR_FEED_READS_PER_MINUTE, windowMs: 60_000 }),
  }: { db: Kysely<DB>; timeZone: () => string; jwtSecret: string | undefined; reads?: RateWindow },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const seal = feedSeal(await resolveJwtSecret(db, jwtSecret));
  // The address as the caller reached this server (behind a proxy, as TRUST_PROXY lets it say).
  const urlOf = (request: FastifyRequest, empID: number, token: string) =>
    `${request.protocol}://${request.host}${calendarFeedPath(empID, token)}`;
  const employeeOf = (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (actor.kind !== "employee") throw new AppError(403, ERROR_MESSAGES.accessDenied);
    return actor;
  };

  app.route({
    ...served("calendarFeed", { response: { 200: address } }),
    handler: async (request): Promise<CalendarFeedAddress> => {
      const { empID } = employeeOf(request);
      // An address of an earlier epoch (its sessions cut since) works no more: none is shown.
      const row = await db
        .selectFrom("calendarFeed")
        .innerJoin("authAccount", (join) =>
          join
            .onRef("authAccount.empID", "=", "calendarFeed.empID")
            .onRef("authAccount.tokenEpoch", "=", "calendarFeed.tokenEpoch"),
        )
        .select(["calendarFeed.tokenSealed", "calendarFeed.createdTS"])
        .where("calendarFeed.empID", "=", empID)
        .executeTakeFirst();
      const token = row ? seal.open(empID, row.tokenSealed) : null;
      return row && token
        ? { url: urlOf(request, empID, token), created: zonedIso(new Date(row.createdTS), timeZone()) }
        : { url: null, created: null };
    },
  });

  app.route({
    ...served("newCalendarFeed", { response: { 200: z.object({ url: z.string(), created: z.string() }) } }),
    handler: async (request) => {
      const actor = employeeOf(request);
      const { empID } = actor;
      const token = newFeedToken();
      const made = await db.transaction().execute(async (tx) => {
        // Of the sign-in's epoch now: what cuts its sessions later ends the address too.
        const { tokenEpoch } = await tx
          .selectFrom("authAccount")
          .select("tokenEpoch")
          .where("empID", "=", empID)
          .executeTakeFirstOrThrow(() => new AppError(403, ERROR_MESSAGES.accessDenied));
        const written = { tokenHash: feedTokenHash(token), tokenSealed: seal.seal(empID, token), tokenEpoch };
        const before = await tx
          .selectFrom("calendarFeed")
          .select(["empID", "createdTS"])
          .where("empID", "=", empID)
          .forUpdate()
          .executeTakeFirst();
        const after = await tx
          .insertInto("calendarFeed")
          .values({ empID, ...written })
          .onConflict((oc) => oc.column("empID").doUpdateSet({ ...written, createdTS: new Date() }))
          .returning(["empID", "createdTS"])
          .executeTakeFirstOrThrow();
        // The trail says who made or replaced their address, and when: never the secret.
        await audit(tx, actor, before ? "update" : "insert", FEED_TABLE, [{ before, after }]);
        return after;
      });
      return { url: urlOf(request, empID, token), created: zonedIso(new Date(made.createdTS), timeZone()) };
    },
  });

  app.route({
    ...served("revokeCalendarFeed", { response: { 200: z.object({ count: z.number().int() }) } }),
    handler: async (request) => {
      const actor = employeeOf(request);
      const count = await db.transaction().execute(async (tx) => {
        const removed = await tx
          .deleteFrom("calendarFeed")
          .where("empID", "=", actor.empID)
          .returning(["empID", "createdTS"])
          .execute();
        await audit(
          tx,
          actor,
          "delete",
          FEED_TABLE,
          removed.map((before) => ({ before })),
        );
        return removed.length;
      });
      return { count };
    },
  });

  // The feed itself: public, found by its secret. Its requests are logged at warn and above only,
  // so the address (a secret) stays out of the request logs.
  app.route({
    method: "GET",
    url: `${CALENDAR_FEED_PATH}/:empID/:token.ics`,
    config: { access: "public" },
    logLevel: "warn",
    schema: {
      summary: `A private iCalendar feed, read by calendar apps without signing in: the events its owner may see now (view on the calendar; an Attendees event its attendees' and creator's). The same 404 for an address that is wrong, revoked or another's, or whose owner is inactive or may no longer view the calendar. At most ${CALENDAR_FEED_READS_PER_MINUTE} reads of one owner's feed a minute; past that, 429 with Retry-After.`,
      tags: ["Calendar"],
      params: idPath("empID").extend({
        token: z
          .string()
          .min(1)
          .max(128)
          .regex(/^[A-Za-z0-9_-]+$/, "is not an address's secret"),
      }),
      response: {
        200: {
          description: "The feed, as iCalendar (RFC 5545)",
          content: { "text/calendar": { schema: z.string() } },
        },
      },
    },
    handler: async (request, reply) => {
      const { empID, token } = request.params;
      const owner = await feedOwner(db, empID, token);
      if (!owner) throw new AppError(404, NO_FEED);
      // Making it is the owner's allowance, whoever asks (CALENDAR_FEED_READS_PER_MINUTE).
      const taken = reads.take(empID, 1);
      if (!taken.ok) {
        const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
        throw new AppError(
          429,
          `This calendar feed was read ${CALENDAR_FEED_READS_PER_MINUTE} times in the last minute; read it again in ${seconds} seconds.`,
          { retryAfterSeconds: seconds },
        );
      }
      // From here its work is its owner's turn (db/fair-queue.ts).
      request.caller.key = employeeCaller(empID);
      const text = await feedText(db, owner, {
        host: request.hostname,
        zone: timeZone(),
        onTruncated: (shown) => request.log.warn({ empID, shown }, "a calendar feed holds its bound of events"),
      });
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-store")
        .header("x-robots-tag", "noindex")
        .send(text);
    },
  });
}
