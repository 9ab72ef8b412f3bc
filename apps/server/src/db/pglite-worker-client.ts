import { Worker } from "node:worker_threads";
import { DatabaseUnavailableError } from "./errors.js";
import type { PgliteThreadOptions, ThreadReply, ThreadRequest } from "./pglite-worker.js";

type WithoutID<R> = R extends unknown ? Omit<R, "id"> : never;

/** PGlite in a worker thread of this process (pglite-worker.ts), seen from the server's thread. */
export interface PgliteWorker {
  /** The thread itself (tests end it to see how a failed thread is answered). */
  readonly thread: Worker;
  query(text: string, params: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  /** Resolves once listening, with the function that stops. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Starts the thread and opens PGlite in it; rejects with PGlite's error if it cannot open. */
export async function startPgliteWorker(options: PgliteThreadOptions): Promise<PgliteWorker> {
  const worker = spawn(options);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextID = 1;
  let stopped: Error | undefined;

  // Referenced only while a call waits: an idle database keeps no process alive.
  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return call;
  };
  const stop = (reason: string) => {
    stopped ??= new DatabaseUnavailableError(reason);
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  };
  worker.on("message", (reply: ThreadReply) => {
    if ("notify" in reply) {
      try {
        listeners.get(reply.notify)?.(reply.payload);
      } catch {
        // A listener's own failure is its own (the live hub reads again on its next event);
        // thrown from here it would end the process.
      }
    } else if (reply.error) settle(reply.id)?.reject(asError(reply.error));
    else settle(reply.id)?.resolve(reply.result);
  });
  // A thread that failed or ended answers every call, waiting or later, with a 503.
  worker.on("error", (error) => stop(`the database thread failed: ${error.message}`));
  worker.on("exit", (code) => stop(`the database thread ended (${code})`));

  const wait = <T>(id: number) =>
    new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
    });
  const call = <T>(request: WithoutID<ThreadRequest>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextID++;
    const answer = wait<T>(id);
    try {
      worker.postMessage({ ...request, id });
    } catch (error) {
      // A parameter that cannot be cloned: this call fails, the thread is fine.
      settle(id)?.reject(error as Error);
    }
    return answer;
  };

  try {
    await wait(0);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    thread: worker,
    query: (text, params) => call({ op: "query", text, params }),
    async listen(channel, onPayload) {
      // The listen call's id names its notifications.
      const listenID = nextID;
      listeners.set(listenID, onPayload);
      try {
        await call({ op: "listen", channel });
      } catch (error) {
        listeners.delete(listenID);
        throw error;
      }
      return async () => {
        listeners.delete(listenID);
        await call({ op: "unlisten", listenID });
      };
    },
    async close() {
      try {
        if (!stopped) await call({ op: "close" });
      } finally {
        await worker.terminate();
      }
    },
  };
}

function spawn(options: PgliteThreadOptions): Worker {
  if (import.meta.url.endsWith(".js"))
    return new Worker(new URL("./pglite-worker.js", import.meta.url), { workerData: options });
  // The TypeScript sources (vitest, tsx): Node 20 runs no TypeScript, and tsx's `--import`
  // registers its loader on the main thread only, so the thread registers it itself.
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const source = JSON.stringify(new URL("./pglite-worker.ts", import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${source}); });`, {
    eval: true,
    workerData: options,
  });
}

/** The error as the driver raised it: its SQLSTATE, constraint, table and message intact. */
function asError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}
