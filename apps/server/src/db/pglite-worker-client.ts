import { Worker } from "node:worker_threads";
import { DatabaseUnavailableError } from "./errors.js";
import type { PgliteThreadOptions, ThreadReply, ThreadRequest } from "./pglite-worker.js";

type WithoutID<R> = R extends unknown ? Omit<R, "id"> : never;
type Result = { rows: unknown[]; affectedRows?: number };

/** PGlite in a worker thread of this process (pglite-worker.ts), seen from the server's thread. */
export interface PgliteWorker {
  /** The thread now serving (tests end it to see how a failed thread is answered). */
  readonly thread: Worker;
  /**
   * Runs one statement. With `budgetMs`, a statement still running that long after it reached
   * the thread is stopped the only way PGlite allows (restart): it rejects with PostgreSQL's
   * statement-timeout error, SQLSTATE 57014, as the same statement would there.
   */
  query(text: string, params: unknown[], budgetMs?: number): Promise<Result>;
  /** Resolves once listening, with the function that stops. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Writes the data directory to `file` as a gzipped tarball; the caller keeps every statement out meanwhile. */
  dump(file: string): Promise<void>;
  close(): Promise<void>;
}

/** What a statement stopped for its budget rejects with: PostgreSQL's words and code for it. */
export class StatementStoppedError extends Error {
  override name = "StatementStoppedError";
  readonly code = "57014";
  constructor() {
    super("canceling statement due to statement timeout");
  }
}

/** One thread and the calls waiting on it. */
interface Thread {
  worker: Worker;
  /** Settles when PGlite is open in it (or could not open). */
  ready: Promise<void>;
  call<T>(request: WithoutID<ThreadRequest>, id?: number): Promise<T>;
  /** Answers every waiting and later call with `error`, and ends the thread. */
  end(error: Error): Promise<void>;
}

/** Starts the thread and opens PGlite in it; rejects with PGlite's error if it cannot open. */
export async function startPgliteWorker(options: PgliteThreadOptions): Promise<PgliteWorker> {
  const listeners = new Map<number, { channel: string; onPayload: (payload: string) => void }>();
  // Ids go on across threads: a listen keeps its id (its notifications' name) in the next one.
  let nextID = 1;
  const newID = () => nextID++;
  const notify = (listenID: number, payload: string) => {
    try {
      listeners.get(listenID)?.onPayload(payload);
    } catch {
      // A listener's own failure is its own (the live hub reads again on its next event);
      // thrown from here it would end the process.
    }
  };

  let current = startThread(options, newID, notify);
  try {
    await current.ready;
  } catch (error) {
    await current.worker.terminate();
    throw error;
  }

  /**
   * PGlite cannot interrupt a statement (its WASM runs to the end, no timer fires in it), so a
   * statement over its budget ends with its thread, and the same data directory opens in a new
   * one: PostgreSQL's crash recovery, about a second. Only a statement runs at a time (the pool
   * has one connection), so only it is lost; its transaction, if any, rolls back as a crash's
   * would. The new thread listens again, under the same ids, before it takes any statement: no
   * commit can happen in between, so no notification is lost.
   */
  let closing = false;
  const restart = () => {
    void current.end(new StatementStoppedError());
    // Closing: the data directory is being let go, and nothing may open it again.
    if (closing) return;
    const listens = [...listeners].map(([id, { channel }]) => ({ id, channel }));
    const thread = startThread({ ...options, listens }, newID, notify);
    current = thread;
    // A data directory that does not open again leaves the database unavailable (503, readiness).
    thread.ready.catch((error: Error) =>
      thread.end(new DatabaseUnavailableError(`the database did not open again: ${error.message}`)),
    );
  };

  const query = async (text: string, params: unknown[], budgetMs?: number): Promise<Result> => {
    const thread = current;
    const answer = thread.call<Result>({ op: "query", text, params });
    if (budgetMs === undefined) return answer;
    let timer: NodeJS.Timeout | undefined;
    let answered = false;
    // The budget counts from the thread being open: a restart's own second is not the statement's.
    thread.ready.then(
      () => {
        if (answered) return;
        timer = setTimeout(() => {
          if (current === thread) restart();
        }, budgetMs);
      },
      () => {},
    );
    try {
      return await answer;
    } finally {
      answered = true;
      clearTimeout(timer);
    }
  };

  return {
    get thread() {
      return current.worker;
    },
    query,
    async listen(channel, onPayload) {
      // The listen call's id names its notifications.
      const listenID = newID();
      listeners.set(listenID, { channel, onPayload });
      try {
        await current.call({ op: "listen", channel }, listenID);
      } catch (error) {
        listeners.delete(listenID);
        throw error;
      }
      return async () => {
        listeners.delete(listenID);
        await current.call({ op: "unlisten", listenID });
      };
    },
    async dump(file) {
      await current.call({ op: "dump", file });
    },
    async close() {
      closing = true;
      const thread = current;
      try {
        await thread.call({ op: "close" });
      } catch {
        // A thread that failed has nothing left to close.
      } finally {
        await thread.end(new DatabaseUnavailableError("database is closed"));
      }
    },
  };
}

function startThread(
  options: PgliteThreadOptions,
  newID: () => number,
  notify: (listenID: number, payload: string) => void,
): Thread {
  const worker = spawn(options);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let stopped: Error | undefined;

  // Referenced only while a call waits: an idle database keeps no process alive.
  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return call;
  };
  const stop = (error: Error) => {
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  };
  worker.on("message", (reply: ThreadReply) => {
    if ("notify" in reply) notify(reply.notify, reply.payload);
    else if (reply.error) settle(reply.id)?.reject(asError(reply.error));
    else settle(reply.id)?.resolve(reply.result);
  });
  // A thread that failed or ended answers every call, waiting or later, with a 503.
  worker.on("error", (error) => stop(new DatabaseUnavailableError(`the database thread failed: ${error.message}`)));
  worker.on("exit", (code) => stop(new DatabaseUnavailableError(`the database thread ended (${code})`)));

  const wait = <T>(id: number) =>
    new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
    });
  const call = <T>(request: WithoutID<ThreadRequest>, id = newID()): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const answer = wait<T>(id);
    try {
      worker.postMessage({ ...request, id });
    } catch (error) {
      // A parameter that cannot be cloned: this call fails, the thread is fine.
      settle(id)?.reject(error as Error);
    }
    return answer;
  };

  // Id 0 answers the start-up; whoever needs the thread open awaits it.
  const ready = wait<void>(0);
  ready.catch(() => {});
  return {
    worker,
    ready,
    call,
    async end(error) {
      stop(error);
      await worker.terminate();
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
