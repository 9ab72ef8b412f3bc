import { PassThrough } from "node:stream";
import { LIVE_PATH, printLiveEvent, vwEmployeeAvailability } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { Authenticator } from "../auth/session.js";
import { requireAccess } from "../data/actor.js";
import { actorOf } from "../data/context.js";
import { signedInUser } from "../http/access.js";
import { AppError } from "../http/app-error.js";
import type { LiveHub } from "./hub.js";

/** Open streams one account may hold: a tab each; more is a client gone wrong, or an attack. */
export const MAX_STREAMS_PER_EMPLOYEE = 16;
/**
 * Text a stream may hold unsent (past what the socket took): a client that stops reading is cut
 * off, not buffered for without end. It reconnects and reads the list afresh when it reads again.
 */
const MAX_UNSENT_BYTES = 1_048_576;
/** How often a long-lived stream checks its session again (logout, a disabled account). */
export const LIVE_RECHECK_MS = 5 * 60_000;

/**
 * GET /API/Live/: the event stream of live updates (core `live.ts`). It needs what reading the
 * availability view needs, ends when its token expires or its session is no longer valid,
 * and writes a comment at every heartbeat so that proxies keep it open.
 */
export async function liveRoutes(
  app: FastifyInstance,
  { hub, authenticate, recheckMs }: { hub: LiveHub; authenticate: Authenticator; recheckMs: number },
) {
  const perEmployee = new Map<number, number>();

  app.get(
    LIVE_PATH,
    {
      config: {
        access: "signedIn",
        docs: {
          summary: "Server-sent events: colleagues' availability as it changes (hello, availability, resync).",
          stream: true,
        },
      },
    },
    async (request, reply) => {
      requireAccess(actorOf(request), vwEmployeeAvailability.access.view, "view", "colleagues' availability");
      const user = signedInUser(request);
      const open = perEmployee.get(user.empID) ?? 0;
      if (open >= MAX_STREAMS_PER_EMPLOYEE) throw new AppError(429, "Too many live connections for this account.");
      perEmployee.set(user.empID, open + 1);

      const stream = new PassThrough();
      const header = request.headers.authorization;
      let checked = Date.now();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe?.();
        const left = (perEmployee.get(user.empID) ?? 1) - 1;
        if (left > 0) perEmployee.set(user.empID, left);
        else perEmployee.delete(user.empID);
        stream.end();
      };
      let unsubscribe: (() => void) | undefined;
      reply.raw.on("close", end);
      try {
        unsubscribe = await hub.subscribe({
          write(text) {
            if (stream.readableLength + stream.writableLength > MAX_UNSENT_BYTES) end();
            else stream.write(text);
          },
          end,
          tick(now) {
            if (now >= user.exp * 1000) return end();
            stream.write(": ping\n\n");
            if (now - checked < recheckMs) return;
            checked = now;
            authenticate(header).catch(end);
          },
        });
      } catch (error) {
        end();
        request.log.warn({ err: error }, "live: cannot listen on the database");
        throw AppError.unavailable();
      }
      if (ended) unsubscribe();
      stream.write(printLiveEvent({ type: "hello", now: new Date().toISOString() }));
      return (
        reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-cache, no-transform")
          .header("x-accel-buffering", "no")
          // The socket closes with the stream: an ended stream's connection is never kept alive
          // idle, which would hold a closing server up for the keep-alive timeout.
          .header("connection", "close")
          .send(stream)
      );
    },
  );
}
