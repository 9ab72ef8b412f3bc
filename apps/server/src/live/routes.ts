import { PassThrough } from "node:stream";
import { LIVE_PATH, printLiveEvent, vwEmployeeAvailability } from "@office/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Sessions, SessionUser } from "../auth/session.js";
import { type Actor, requireAccess } from "../data/actor.js";
import { signedInUser } from "../http/access.js";
import { AppError } from "../http/app-error.js";
import type { LiveHub } from "./hub.js";

/** Open streams one account may hold: a tab each; more is a client gone wrong, or an attack. */
export const MAX_STREAMS_PER_EMPLOYEE = 16;
/** How often a long-lived stream checks its session again (logout, a disabled account, lost rights). */
export const LIVE_RECHECK_MS = 5 * 60_000;
/**
 * Text a stream may hold unsent (past what the socket took): a client that stops reading is cut
 * off, not buffered for without end. It reconnects and reads the list afresh when it reads again.
 */
export const MAX_UNSENT_BYTES = 1_048_576;
/** How long an ended stream's client has to take the rest before its connection is cut. */
const END_GRACE_MS = 5_000;
/**
 * What an ended stream says before it ends (a draining server's, an expired session's): come
 * back in a second, as the web app's first reconnect does (behind nginx, to another process).
 */
const RETRY_HINT = "retry: 1000\n\n";

const actorOfUser = (user: SessionUser): Actor => ({
  kind: "employee",
  empID: user.empID,
  permissions: user.permissions,
});
/** The stream shows what the availability view shows, to whoever may read it. */
const mayWatch = (user: SessionUser) =>
  requireAccess(actorOfUser(user), vwEmployeeAvailability.access.view, "view", "colleagues' availability");

/**
 * GET /API/Live/: the event stream of live updates (core `live.ts`). It needs what reading the
 * availability view needs, ends when its token expires or its session no longer may (at once
 * for a logout or a change of the account's sign-in or rights, heard from auth/session.ts; its
 * session is also checked again every `recheckMs`), and writes a comment at every heartbeat so
 * that proxies keep it open. An account's place is given back when the connection closes,
 * whatever ended it.
 */
export async function liveRoutes(
  app: FastifyInstance,
  {
    hub,
    sessions,
    recheckMs,
  }: { hub: LiveHub; sessions: Pick<Sessions, "authenticate" | "onChange">; recheckMs: number },
) {
  const { authenticate } = sessions;
  // Each open stream's session check, by the stream: run when its session or account changes.
  const streams = new Map<{ sid: string; empID: number }, () => void>();
  const stopHearing = sessions.onChange((change) => {
    for (const [stream, recheck] of streams) {
      if ("all" in change || ("sid" in change ? change.sid === stream.sid : change.empID === stream.empID)) recheck();
    }
  });
  app.addHook("onClose", async () => {
    stopHearing();
  });
  const perEmployee = new Map<number, number>();
  const giveBack = (empID: number) => {
    const left = (perEmployee.get(empID) ?? 1) - 1;
    if (left > 0) perEmployee.set(empID, left);
    else perEmployee.delete(empID);
  };

  app.get(
    LIVE_PATH,
    {
      config: { access: "signedIn" },
      schema: {
        summary:
          "Server-sent events: colleagues' availability as it changes, and what concerns the stream's person (hello, availability, resync, approvals, notifications).",
        tags: ["Live updates"],
        response: {
          200: {
            description: "Server-sent events, until the client or the server ends the stream",
            content: { "text/event-stream": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      mayWatch(user);
      const taken = perEmployee.get(user.empID) ?? 0;
      if (taken >= MAX_STREAMS_PER_EMPLOYEE) throw new AppError(429, "Too many live connections for this account.");
      perEmployee.set(user.empID, taken + 1);

      const socket = reply.raw;
      const stream = new PassThrough();
      const header = request.headers.authorization;
      let unsubscribe: (() => void) | undefined;
      let writing = true;
      let released = false;
      let cutOff: NodeJS.Timeout | undefined;
      let checked = Date.now();

      const self = { sid: user.sid, empID: user.empID };
      const recheck = () => {
        authenticate(header).then(mayWatch).catch(end);
      };
      streams.set(self, recheck);
      const release = () => {
        if (released) return;
        released = true;
        writing = false;
        streams.delete(self);
        unsubscribe?.();
        clearTimeout(cutOff);
        giveBack(user.empID);
        stream.destroy();
      };
      const end = () => {
        if (!writing) return;
        writing = false;
        unsubscribe?.();
        stream.end(RETRY_HINT);
        cutOff = setTimeout(() => socket.destroy(), END_GRACE_MS);
        cutOff.unref();
      };
      const write = (text: string) => {
        if (!writing) return;
        if (stream.readableLength + stream.writableLength > MAX_UNSENT_BYTES) socket.destroy();
        else stream.write(text);
      };
      socket.on("close", release);
      // The client may have gone while its session was being checked.
      if (request.raw.socket.destroyed) release();

      try {
        unsubscribe = await hub.subscribe({
          empID: user.empID,
          write,
          end,
          tick(now) {
            if (now >= user.exp * 1000) return end();
            write(": ping\n\n");
            if (now - checked < recheckMs) return;
            checked = now;
            recheck();
          },
        });
      } catch (error) {
        release();
        request.log.warn({ err: error }, "live: cannot listen on the database");
        throw AppError.unavailable();
      }
      if (!writing) unsubscribe();
      if (released) return reply.hijack();
      write(printLiveEvent({ type: "hello", now: new Date().toISOString() }));
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
