import { NOTIFICATIONS_SHOWN, RESOURCES } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { Actor } from "../data/actor.js";
import { actorOf } from "../data/context.js";
import { zoneTimes } from "../data/zoned-times.js";
import type { DB } from "../db/schema.js";
import { served } from "../http/operations.js";

const list = z.object({ data: z.array(z.record(z.string(), z.unknown())), unread: z.number() });

/** Whose notifications a caller reads: an employee's own; the system has none. */
const recipientOf = (actor: Actor) => (actor.kind === "employee" ? actor.empID : null);

/** The caller's notifications (core's notifications.ts): their list and marking it read. */
export async function notificationRoutes(
  instance: FastifyInstance,
  { db, timeZone }: { db: Kysely<DB>; timeZone: () => string },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...served("myNotifications", { response: { 200: list } }),
    handler: async (request) => {
      const me = recipientOf(actorOf(request));
      if (me === null) return { data: [], unread: 0 };
      const [{ rows }, { rows: counted }] = await Promise.all([
        sql<Record<string, unknown>>`
          select n."notificationID", n."kind", n."count", n."about", n."detail", n."href", n."createdTS", n."readTS",
            case when b."empID" is not null then b."empFirstName" || ' ' || b."empLastName" end as "byName",
            n."tableName"
          from "notification" n left join "tblEmployee" b on b."empID" = n."byEmpID"
          where n."empID" = ${me}
          order by n."notificationID" desc
          limit ${NOTIFICATIONS_SHOWN}`.execute(db),
        sql<{ unread: number }>`select count(*)::int as unread from "notification"
          where "empID" = ${me} and "readTS" is null`.execute(db),
      ]);
      return { data: zoneTimes(rows.map(withNoun), timeZone()), unread: counted[0]?.unread ?? 0 };
    },
  });

  app.route({
    ...served("markNotificationsRead", { response: { 200: z.object({ count: z.number() }) } }),
    handler: async (request) => {
      const me = recipientOf(actorOf(request));
      if (me === null) return { count: 0 };
      const ids = request.body.ids;
      const result = await db
        .updateTable("notification")
        .set({ readTS: sql<Date>`now()` })
        .where("empID", "=", me)
        .where("readTS", "is", null)
        .$if(ids !== undefined, (q) => q.where("notificationID", "in", ids ?? []))
        .executeTakeFirst();
      return { count: Number(result.numUpdatedRows) };
    },
  });
}

/** The noun a change's table declares (core's toldOfChanges), in place of the table's name. */
function withNoun({ tableName, ...row }: Record<string, unknown>) {
  const told = typeof tableName === "string" ? RESOURCES.get(tableName)?.toldOfChanges : undefined;
  return { ...row, noun: told ? (row.count === 1 ? told.noun : told.nouns) : null };
}
