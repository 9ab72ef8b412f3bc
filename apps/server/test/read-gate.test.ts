import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createReadGate,
  READS_RUNNING_PER_EMPLOYEE,
  READS_WAITING_PER_EMPLOYEE,
  readGateFor,
} from "../src/data/read-gate.js";
import { AppError } from "../src/http/app-error.js";

/** A read that runs until the test ends it, recording when it started. */
function controlled(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    read: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the read gate", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at most its turns at once and keeps the rest waiting in order", async () => {
    const gate = createReadGate({ running: 2, waitMs: 60_000 });
    const log: string[] = [];
    const reads = ["a", "b", "c"].map((name, i) => ({ i, ...controlled(log, name) }));
    const answers = reads.map((r) => gate.run(r.i + 1, r.read));
    await settle();
    expect(log).toEqual(["a", "b"]);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    reads[0]?.finish();
    await settle();
    expect(log).toEqual(["a", "b", "c"]);
    for (const r of reads) r.finish();
    expect(await Promise.all(answers)).toEqual(["a", "b", "c"]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("lets one employee run a few and queue a few more, then answers 429 with Retry-After", async () => {
    const gate = createReadGate({ running: 100, waitMs: 60_000 });
    const log: string[] = [];
    const mine = Array.from({ length: READS_RUNNING_PER_EMPLOYEE + READS_WAITING_PER_EMPLOYEE }, (_, i) =>
      controlled(log, `mine ${i}`),
    );
    const answers = mine.map((r) => gate.run(7, r.read));
    await settle();
    expect(log).toHaveLength(READS_RUNNING_PER_EMPLOYEE);
    const refused = await gate.run(7, async () => "never").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 429, extra: { retryAfterSeconds: 1 } });
    // Someone else is not held up by it.
    expect(await gate.run(8, async () => "theirs")).toBe("theirs");
    for (const r of mine) r.finish();
    await Promise.all(answers);
    expect(log).toHaveLength(mine.length);
  });

  /** A noisy employee (1) queues `reads` at a gate of `running` turns; then a quiet one (2) asks for one. */
  async function noisyThenQuiet(running: number, reads: number) {
    const gate = createReadGate({ running, waitMs: 60_000 });
    const log: string[] = [];
    const noisy = Array.from({ length: reads }, (_, i) => controlled(log, `noisy ${i}`));
    const answers = noisy.map((r) => gate.run(1, r.read));
    await settle();
    const quiet = controlled(log, "quiet");
    answers.push(gate.run(2, quiet.read));
    await settle();
    const endAll = async () => {
      quiet.finish();
      for (const r of noisy) r.finish();
      await Promise.all(answers);
    };
    return { log, noisy, quiet, endAll };
  }

  it("gives the next turn to the waiting employee with the fewest reads running", async () => {
    const { log, noisy, endAll } = await noisyThenQuiet(2, 6);
    expect(log).toEqual(["noisy 0", "noisy 1"]);
    noisy[0]?.finish();
    await settle();
    // Four of the noisy one's reads waited before it; the quiet one goes first all the same.
    expect(log).toEqual(["noisy 0", "noisy 1", "quiet"]);
    await endAll();
  });

  it("with one turn (PGlite), gives the next to the employee whose last turn is the oldest", async () => {
    const { log, noisy, quiet, endAll } = await noisyThenQuiet(1, 4);
    expect(log).toEqual(["noisy 0"]);
    noisy[0]?.finish();
    await settle();
    // Neither has a read running now; the noisy one's reads waited first, the quiet one goes.
    expect(log).toEqual(["noisy 0", "quiet"]);
    quiet.finish();
    await settle();
    expect(log).toEqual(["noisy 0", "quiet", "noisy 1"]);
    await endAll();
    expect(log).toHaveLength(5);
  });

  it("answers 503 to a read that waited longer than the wait allows, and frees its place", async () => {
    vi.useFakeTimers();
    const gate = createReadGate({ running: 1, waitMs: 5_000 });
    const log: string[] = [];
    const first = controlled(log, "first");
    const running = gate.run(1, first.read);
    const waiting = gate.run(2, async () => "late").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await waiting).toMatchObject({ statusCode: 503 });
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    first.finish();
    await running;
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("a failed read gives its turn back", async () => {
    const gate = createReadGate({ running: 1, waitMs: 60_000 });
    await expect(gate.run(1, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(1, async () => "next")).toBe("next");
  });

  it("keeps two of PostgreSQL's connections for the light calls, and runs one read at a time on PGlite", async () => {
    const log: string[] = [];
    for (const [engine, pool, turns] of [
      ["postgres", 10, 8],
      ["postgres", 2, 1],
      ["pglite", 1, 1],
    ] as const) {
      const gate = readGateFor(engine, pool, 60_000);
      const reads = Array.from({ length: turns + 1 }, (_, i) => controlled(log, `${engine} ${i}`));
      const answers = reads.map((r, i) => gate.run(i, r.read));
      await settle();
      expect(gate.load()).toEqual({ running: turns, waiting: 1 });
      for (const r of reads) r.finish();
      await Promise.all(answers);
    }
  });

  it("answers a read stopped for running too long with 503, and pauses its employee's reads, waiting and new", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = Date.now();
    const gate = createReadGate({ running: 1, waitMs: 600_000, pauseMs: 30_000 });
    const log: string[] = [];
    let stop = (_error: Error) => {};
    const stoppedRead = gate.run(7, () => new Promise((_, reject) => (stop = reject)));
    const mineWaiting = gate.run(7, async () => "never").catch((error: unknown) => error);
    const theirs = controlled(log, "theirs");
    const theirsWaiting = gate.run(8, theirs.read);
    await settle();
    stop(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }));

    const stopped = await stoppedRead.catch((error: unknown) => error);
    expect(stopped).toMatchObject({ statusCode: 503, underLoad: true, extra: { retryAfterSeconds: 30 } });
    expect((stopped as Error).message).toMatch(/ran too long and was stopped/);
    expect(await mineWaiting).toMatchObject({ statusCode: 429, extra: { retryAfterSeconds: 30 } });
    // The next turn went to the other account, which the pause does not touch.
    await settle();
    expect(log).toEqual(["theirs"]);
    theirs.finish();
    expect(await theirsWaiting).toBe("theirs");

    vi.setSystemTime(now + 20_000);
    const refused = await gate.run(7, async () => "never").catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 429, extra: { retryAfterSeconds: 10 } });
    expect((refused as Error).message).toMatch(/resume in 10 seconds/);
    vi.setSystemTime(now + 30_000);
    expect(await gate.run(7, async () => "again")).toBe("again");
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("pauses nobody for another failure, nor the system's own reads for a stopped one", async () => {
    const gate = createReadGate({ running: 1, waitMs: 60_000 });
    const timeout = () => Promise.reject(Object.assign(new Error("timeout"), { code: "57014" }));
    await expect(gate.run(7, () => Promise.reject(Object.assign(new Error("x"), { code: "23505" })))).rejects.toThrow();
    expect(await gate.run(7, async () => "mine")).toBe("mine");
    await expect(gate.run(0, timeout)).rejects.toMatchObject({ code: "57014" });
    expect(await gate.run(0, async () => "system")).toBe("system");
  });

  it("pauses an employee when told so (a load's batch stopped after its answer began), refusing their waiting reads", async () => {
    const gate = createReadGate({ running: 1, waitMs: 60_000, pauseMs: 30_000 });
    const log: string[] = [];
    const theirs = controlled(log, "theirs");
    const running = gate.run(8, theirs.read);
    const mineWaiting = gate.run(7, async () => "never").catch((error: unknown) => error);
    await settle();
    gate.pause(7);
    expect(await mineWaiting).toMatchObject({ statusCode: 429, extra: { retryAfterSeconds: 30 } });
    await expect(gate.run(7, async () => "never")).rejects.toMatchObject({ statusCode: 429 });
    theirs.finish();
    expect(await running).toBe("theirs");
    expect(await gate.run(8, async () => "again")).toBe("again");
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
