import { writeFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/*
 * The thread that runs PGlite (started by pglite-worker-client.ts). PGlite executes its WASM
 * synchronously: on the server's own thread, one slow statement stopped every timer and
 * request, the acquisition timeout's 503 and /healthz included.
 */

export interface PgliteThreadOptions {
  /** Undefined: in memory. */
  dataDir: string | undefined;
  companyTimeZone: string;
  /** A thread opened again after a stop: the listens of the last one, made before anything else runs. */
  listens?: Array<{ id: number; channel: string }>;
}

export type ThreadRequest =
  | { id: number; op: "query"; text: string; params: unknown[] }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; listenID: number }
  | { id: number; op: "dump"; file: string }
  | { id: number; op: "close" };

/** Id 0 answers the start-up; a notification names the id of the listen that asked for it. */
export type ThreadReply =
  | { id: number; result?: unknown; error?: Record<string, unknown> }
  | { notify: number; payload: string };

// As database.ts parses PostgreSQL's: int8 a number, a date (no instant) its text.
const INT8_OID = 20;
const DATE_OID = 1082;
const NUMERIC_OID = 1700;

const port = parentPort;
if (!port) throw new Error("pglite-worker runs in a worker thread");
const options = workerData as PgliteThreadOptions;
const post = (reply: ThreadReply) => port.postMessage(reply);

// Values are parsed here: the rows then cross to the server's thread by structured clone,
// which keeps numbers, strings, Dates, objects and byte arrays as they are.
const stops = new Map<number, () => Promise<void>>();
const pglite = PGlite.create(options.dataDir, {
  // Amounts (numeric) stay text, as node-postgres gives them: exact, never a double.
  parsers: {
    [INT8_OID]: (value: string) => Number(value),
    [DATE_OID]: (value: string) => value,
    [NUMERIC_OID]: (value: string) => value,
  },
  extensions: { pg_trgm },
}).then(async (db) => {
  // One session for the whole process: in the company's zone, as PostgreSQL's are.
  await db.query("select set_config('TimeZone', $1, false)", [options.companyTimeZone]);
  // Before the start-up is answered, so no statement waiting for this thread (a transaction's
  // begin) runs first and takes the LISTEN into its transaction, where a rollback would undo it.
  for (const { id, channel } of options.listens ?? [])
    stops.set(id, await db.listen(channel, (payload) => post({ notify: id, payload })));
  return db;
});

async function perform(db: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const { rows, affectedRows } = await db.query(request.text, request.params);
      return { rows, affectedRows };
    }
    case "listen":
      stops.set(request.id, await db.listen(request.channel, (payload) => post({ notify: request.id, payload })));
      return null;
    case "unlisten":
      await stops.get(request.listenID)?.();
      stops.delete(request.listenID);
      return null;
    case "dump": {
      // The data directory as PGlite tars it (the server's pool holds its one connection meanwhile).
      const tarball = await db.dumpDataDir("gzip");
      await writeFile(request.file, Buffer.from(await tarball.arrayBuffer()));
      return null;
    }
    case "close":
      await db.close();
      return null;
  }
}

function answer(id: number, work: Promise<unknown>) {
  work.then(
    (result) => {
      try {
        post({ id, result });
      } catch (error) {
        post({ id, error: errorFields(error) });
      }
    },
    (error) => post({ id, error: errorFields(error) }),
  );
}

const PRIMITIVES = new Set(["string", "number", "boolean", "undefined"]);

/**
 * A structured clone of an error keeps its message but drops what the error handler reads
 * (code, constraint, table, detail…): its own fields are sent as they are. Arrays and
 * objects (PGlite adds the statement's parameters) stay here.
 */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (PRIMITIVES.has(typeof value)) fields[key] = value;
  }
  return fields;
}

answer(
  0,
  pglite.then(() => null),
);
port.on("message", (request: ThreadRequest) =>
  answer(
    request.id,
    pglite.then((db) => perform(db, request)),
  ),
);
