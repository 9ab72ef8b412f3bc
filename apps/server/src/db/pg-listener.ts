import pg from "pg";
import type { Notifications } from "./database.js";

/** Waits between attempts to get the listening connection back: quick at first, then every 5 s. */
const RECONNECT_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];

function discard(client: pg.Client) {
  client.removeAllListeners("end");
  client.removeAllListeners("error");
  client.on("error", () => {});
  return client.end().catch(() => {});
}

/**
 * LISTEN on PostgreSQL: one connection of its own per server process (outside the pool, so it
 * never takes a query's place), opened by the first listener. When it is lost (the server
 * restarted, a network cut, pg_terminate_backend) it is opened again, every channel listened
 * to again, and each listener told of the gap, since notifications sent meanwhile are gone.
 * A connection that went silent (a network cut tells no one) is found by a query every
 * `checkMs` that must answer within as long, and is then treated as lost.
 */
export function pgListener(config: pg.ClientConfig, checkMs = 30_000) {
  const channels = new Map<string, Set<Notifications>>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ ...config, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let check: NodeJS.Timeout | undefined;
    const lost = () => {
      clearInterval(check);
      void discard(next);
      if (client !== next) return;
      client = null;
      if (!closed) reconnect();
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      for (const listener of channels.get(message.channel) ?? []) listener.onPayload(message.payload ?? "");
    });
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      await discard(next);
      throw error;
    }
    if (closed) {
      await discard(next);
      throw new Error("the database is closed");
    }
    client = next;
    check = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const silent = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("the listening connection went silent")), checkMs);
      });
      Promise.race([next.query("select 1"), silent])
        .catch(lost)
        .finally(() => clearTimeout(timer));
    }, checkMs);
    check.unref();
    return next;
  }

  function open(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    opening ??= connect().finally(() => {
      opening = null;
    });
    return opening;
  }

  function reconnect() {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
    retry = setTimeout(() => {
      open().then(
        () => {
          attempt = 0;
          for (const listeners of channels.values()) for (const listener of listeners) listener.onGap();
        },
        () => {
          if (!closed) reconnect();
        },
      );
    }, delay);
  }

  return {
    async listen(channel: string, listener: Notifications): Promise<() => void> {
      if (closed) throw new Error("the database is closed");
      const listeners = channels.get(channel) ?? new Set<Notifications>();
      channels.set(channel, listeners);
      listeners.add(listener);
      try {
        const connection = await open();
        // Listening twice is harmless; a channel added while connecting is then sure to be heard.
        await connection.query(`listen ${connection.escapeIdentifier(channel)}`);
      } catch (error) {
        listeners.delete(listener);
        throw error;
      }
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client ?? (await opening?.catch(() => null));
      client = null;
      if (last) await discard(last);
    },
  };
}
