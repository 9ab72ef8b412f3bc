import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createReadGate,
  HEAVY_MEMORY_MS,
  HEAVY_READ_MS,
  LONG_READ_MS,
  READS_RUNNING_PER_EMPLOYEE,
  READS_WAITING_PER_EMPLOYEE,
  type ReadGate,
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

/** Makes employees known to a gate (a light read each), as colleagues who have searched today are. */
async function known(gate: ReadGate, ...keys: number[]) {
  for (const key of keys) await gate.run(key, async () => "a quick search");
}

describe("the read gate", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at most its turns at once and keeps the rest waiting in order", async () => {
    const gate = createReadGate({ running: 2, waitMs: 60_000 });
    await known(gate, 1, 2, 3);
    const log: string[] = [];
    const reads = ["a", "b", "c"].map((name, i) => ({ i, ...controlled(log, name) }));
    const answers = reads.map((r) => gate.run(r.i + 1, r.read));
    await settle();
    expect(log).toEqual(["a", "b"]);
    expect(gate.load()).toMatchObject({ running: 2, waiting: 1 });
    reads[0]?.finish();
    await settle();
    expect(log).toEqual(["a", "b", "c"]);
    for (const r of reads) r.finish();
    expect(await Promise.all(answers)).toEqual(["a", "b", "c"]);
    expect(gate.load()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("runs bounded work (an import's steps) without a turn where the pool interleaves it, in a heavy turn elsewhere", async () => {
    for (const engine of ["pglite", "postgres"] as const) {
      const gate = readGateFor(engine, 3, 60_000);
      await known(gate, 1, 2);
      const log: string[] = [];
      const importing = controlled(log, "import");
      const search = controlled(log, "search");
      const answers = [gate.run(1, importing.read, { heavy: true, bounded: true }), gate.run(2, search.read)];
      await settle();
      // PGlite's one turn stays free for the search; PostgreSQL's one turn (a pool of 3) is the import's.
      expect([engine, log]).toEqual([engine, engine === "pglite" ? ["import", "search"] : ["import"]]);
      expect(gate.load().heavy).toBe(engine === "pglite" ? 0 : 1);
      importing.finish();
      search.finish();
      expect(await Promise.all(answers)).toEqual(["import", "search"]);
    }
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
    // The quiet one has read before: a colleague, not an account never seen (those count a
    // read's worth of time, HEAVY_READ_MS, before their first).
    await gate.run(2, async () => "earlier");
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

  it("runs an employee's second read only while a quarter of the turns stay free for others", async () => {
    const gate = createReadGate({ running: 4, waitMs: 60_000 });
    await known(gate, 1, 2, 3, 4);
    const log: string[] = [];
    const mine = Array.from({ length: 4 }, (_, i) => controlled(log, `mine ${i}`));
    const answers = mine.map((r) => gate.run(1, r.read));
    await settle();
    expect(log).toEqual(["mine 0", "mine 1"]);
    const others = ["b", "c", "d"].map((name) => controlled(log, name));
    answers.push(...others.map((r, i) => gate.run(i + 2, r.read)));
    await settle();
    // b and c take the turns left; d waits for one.
    expect(log).toEqual(["mine 0", "mine 1", "b", "c"]);
    mine[0]?.finish();
    await settle();
    // The free turn is the last: it goes to d, who has none running, not to a second read of mine.
    expect(log).toEqual(["mine 0", "mine 1", "b", "c", "d"]);
    for (const r of [...mine, ...others]) r.finish();
    await Promise.all(answers);
    expect(log).toHaveLength(7);
  });

  it("with one turn (PGlite), gives the next to the employee that has held turns the least time", async () => {
    const { log, noisy, quiet, endAll } = await noisyThenQuiet(1, 4);
    expect(log).toEqual(["noisy 0"]);
    // The noisy one's read held its turn 50 ms, the quiet one's earlier read none: said, not
    // timed. On a busy machine both can read 0 ms, and a tie goes to who waited first (CI, once).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 50 });
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
    expect(gate.load()).toMatchObject({ running: 1, waiting: 0 });
    first.finish();
    await running;
    expect(gate.load()).toMatchObject({ running: 0, waiting: 0 });
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
      await known(gate, ...Array.from({ length: turns + 1 }, (_, i) => i));
      const reads = Array.from({ length: turns + 1 }, (_, i) => controlled(log, `${engine} ${i}`));
      const answers = reads.map((r, i) => gate.run(i, r.read));
      await settle();
      expect(gate.load()).toMatchObject({ running: turns, waiting: 1 });
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
    expect(gate.load()).toMatchObject({ running: 0, waiting: 0 });
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
    expect(gate.load()).toMatchObject({ running: 0, waiting: 0 });
  });

  describe("heavy reads", () => {
    it("share a few turns, whoever's: a read past HEAVY_READ_MS, and past LONG_READ_MS its employee's next, are heavy", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const gate = createReadGate({ running: 8, waitMs: 60_000 });
      await known(gate, 1, 2, 3, 4, 5, 9);
      const log: string[] = [];
      // Five colleagues each start a read; none can be told from a light one yet.
      const first = [1, 2, 3, 4, 5].map((key) => ({ key, ...controlled(log, `first of ${key}`) }));
      const answers = first.map((r) => gate.run(r.key, r.read));
      await settle();
      expect(gate.load()).toMatchObject({ running: 5, heavy: 0 });
      vi.setSystemTime(Date.now() + LONG_READ_MS + 1);
      expect(gate.load()).toMatchObject({ running: 5, heavy: 5 });
      // Their next reads are heavy: every heavy turn is taken, so they wait; a colleague's light one runs.
      const next = [1, 2, 3, 4, 5].map((key) => ({ key, ...controlled(log, `next of ${key}`) }));
      answers.push(...next.map((r) => gate.run(r.key, r.read)));
      const quiet = controlled(log, "quiet");
      answers.push(gate.run(9, quiet.read));
      await settle();
      expect(log.filter((line) => line.startsWith("next"))).toEqual([]);
      expect(log).toContain("quiet");
      // Three of the first end, each past LONG_READ_MS: two heavy reads are left running, as many as
      // heavy turns (a quarter of 8), and the three accounts' next reads take heavy turns too.
      for (const r of first.slice(0, 3)) r.finish();
      await settle();
      expect(log.filter((line) => line.startsWith("next"))).toEqual([]);
      // One more ends: a heavy turn is free, and goes to one waiting heavy read.
      first[3]?.finish();
      await settle();
      expect(log.filter((line) => line.startsWith("next"))).toHaveLength(1);
      for (const r of [...first, ...next, quiet]) r.finish();
      await Promise.all(answers);
    });

    it("a load's batch is heavy from its start; after a read past LONG_READ_MS an employee's reads are, for HEAVY_MEMORY_MS", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const gate = createReadGate({ running: 8, heavyTurns: 1, waitMs: 60_000 });
      const log: string[] = [];
      const batch = controlled(log, "batch");
      const running = gate.run(1, batch.read, { heavy: true });
      await settle();
      expect(gate.load()).toMatchObject({ running: 1, heavy: 1 });
      // Another employee's read, light as far as anyone knows, runs beside it.
      expect(await gate.run(2, async () => "light")).toBe("light");
      vi.setSystemTime(Date.now() + LONG_READ_MS + 1);
      batch.finish();
      await running;
      // Employee 1's last read was long: with the one heavy turn taken, its next waits for it.
      const other = controlled(log, "other's heavy");
      const holding = gate.run(3, other.read, { heavy: true });
      await settle();
      const mine = controlled(log, "mine");
      const waiting = gate.run(1, mine.read);
      await settle();
      expect(log).toEqual(["batch", "other's heavy"]);
      other.finish();
      await holding;
      await settle();
      expect(log).toEqual(["batch", "other's heavy", "mine"]);
      mine.finish();
      await waiting;
      // After HEAVY_MEMORY_MS its reads are light again: one runs beside a heavy one.
      vi.setSystemTime(Date.now() + HEAVY_MEMORY_MS + 1);
      const heavyAgain = controlled(log, "heavy again");
      const again = gate.run(3, heavyAgain.read, { heavy: true });
      await settle();
      expect(await gate.run(1, async () => "light again")).toBe("light again");
      heavyAgain.finish();
      await again;
    });

    it("holds back nobody whose last read was only slow", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const gate = createReadGate({ running: 8, heavyTurns: 1, waitMs: 60_000 });
      const log: string[] = [];
      // Employee 1's search ran half a second on a busy machine.
      const slow = controlled(log, "slow");
      const slowRun = gate.run(1, slow.read);
      await settle();
      vi.setSystemTime(Date.now() + 2 * HEAVY_READ_MS);
      slow.finish();
      await slowRun;
      // The one heavy turn is taken; employee 1's next search runs beside it all the same.
      const holder = controlled(log, "holder");
      const held = gate.run(9, holder.read, { heavy: true });
      await settle();
      expect(await gate.run(1, async () => "at once")).toBe("at once");
      holder.finish();
      await held;
    });

    it("puts a colleague whose reads were quick before a crowd of accounts never seen", async () => {
      const gate = createReadGate({ running: 1, waitMs: 60_000 });
      const log: string[] = [];
      await gate.run(1, async () => "a quick search");
      const holder = controlled(log, "holder");
      const held = gate.run(9, holder.read);
      await settle();
      const answers = [11, 12, 13, 14, 15, 1].map((key) => gate.run(key, async () => log.push(`next of ${key}`)));
      holder.finish();
      await Promise.all([held, ...answers]);
      expect(log[1]).toBe("next of 1");
    });

    it("holds the reads of accounts not yet known to half the turns, so a colleague finds one", async () => {
      const gate = createReadGate({ running: 8, waitMs: 60_000 });
      await known(gate, 1);
      const log: string[] = [];
      // Five fresh accounts, two connections each: as many first and second reads as they may.
      const fresh = [11, 12, 13, 14, 15].flatMap((key) =>
        [0, 1].map((n) => ({ key, ...controlled(log, `${key}.${n}`) })),
      );
      const answers = fresh.map((r) => gate.run(r.key, r.read));
      await settle();
      expect(gate.load()).toMatchObject({ running: 4 });
      // The colleague's search runs at once, and so would three more of colleagues.
      expect(await gate.run(1, async () => "at once")).toBe("at once");
      for (const r of fresh) r.finish();
      await Promise.all(answers);
    });

    it("with one turn, gives the next to the employee whose reads took the least time", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      // The order alone: no rest after a heavy read (below).
      const gate = createReadGate({ running: 1, waitMs: 60_000, restFactor: 0 });
      const log: string[] = [];
      // Employee 1's read took 2 s; employee 2's took nothing.
      const long = controlled(log, "long");
      const longRun = gate.run(1, long.read);
      await settle();
      vi.setSystemTime(Date.now() + 2_000);
      long.finish();
      await longRun;
      await gate.run(2, async () => "quick");
      const holder = controlled(log, "holder");
      const held = gate.run(3, holder.read);
      await settle();
      const answers = [1, 2].map((key) => gate.run(key, async () => log.push(`next of ${key}`)));
      holder.finish();
      await Promise.all([held, ...answers]);
      expect(log.slice(-2)).toEqual(["next of 2", "next of 1"]);
    });

    it("with one turn, rests an employee sending heavy reads back to back three times as long: a colleague's read goes in between", async () => {
      vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
      const gate = createReadGate({ running: 1, waitMs: 60_000 });
      await known(gate, 1, 2);
      const log: string[] = [];
      const heavy = controlled(log, "heavy of 1");
      const first = gate.run(1, heavy.read);
      await settle();
      // Employee 1's next read waits behind it, as a flood's do.
      const next = gate.run(1, async () => log.push("next of 1"));
      vi.setSystemTime(Date.now() + 1_000);
      heavy.finish();
      await first;
      // Nothing runs, yet their next read waits out the rest (3 s).
      await vi.advanceTimersByTimeAsync(2_000);
      await gate.run(2, async () => log.push("a colleague's"));
      expect(log).toEqual(["heavy of 1", "a colleague's"]);
      await vi.advanceTimersByTimeAsync(1_100);
      await next;
      expect(log).toEqual(["heavy of 1", "a colleague's", "next of 1"]);
    });

    it("with one turn, rests nobody for a slow read with nothing of theirs waiting, nor for light reads back to back", async () => {
      vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
      const gate = createReadGate({ running: 1, waitMs: 60_000 });
      await known(gate, 1);
      const log: string[] = [];
      const slow = controlled(log, "slow of 1");
      const first = gate.run(1, slow.read);
      await settle();
      vi.setSystemTime(Date.now() + 1_000);
      slow.finish();
      await first;
      await gate.run(1, async () => log.push("next of 1"));
      const light = gate.run(1, async () => log.push("light of 1"));
      await gate.run(1, async () => log.push("light again"));
      await light;
      expect(log).toEqual(["slow of 1", "next of 1", "light of 1", "light again"]);
    });

    it("with one turn, rests every account whose reads were heavy back to back lately, so that several cannot take turns filling it", async () => {
      vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
      const gate = createReadGate({ running: 1, waitMs: 60_000 });
      await known(gate, 1, 2, 3);
      const log: string[] = [];
      /** A heavy read of the account with another of theirs queued behind it: that one's run. */
      const heavyThenNext = async (key: number) => {
        const read = controlled(log, `heavy of ${key}`);
        const running = gate.run(key, read.read);
        await settle();
        const next = gate.run(key, async () => log.push(`next of ${key}`));
        vi.setSystemTime(Date.now() + 1_000);
        read.finish();
        await running;
        // Wrapped: an async function's promise would wait for the one it returned.
        return { next };
      };
      const { next: afterOne } = await heavyThenNext(1);
      await vi.advanceTimersByTimeAsync(3_100);
      await afterOne;
      const { next: afterThree } = await heavyThenNext(3);
      // Account 3's read ended just now: account 1, heavy back to back lately too, rests with it.
      const againOf1 = gate.run(1, async () => log.push("again of 1"));
      await vi.advanceTimersByTimeAsync(1_000);
      await gate.run(2, async () => log.push("a colleague's"));
      expect(log).toEqual(["heavy of 1", "next of 1", "heavy of 3", "a colleague's"]);
      await vi.advanceTimersByTimeAsync(2_100);
      await Promise.all([afterThree, againOf1]);
      expect(log.slice(-2).sort()).toEqual(["again of 1", "next of 3"]);
    });
  });
});
