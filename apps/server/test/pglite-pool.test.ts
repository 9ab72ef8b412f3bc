import { describe, expect, it } from "vitest";
import { pglitePool } from "../src/db/pglite-pool.js";
import { asRead } from "../src/db/read-priority.js";

const engine = { query: async () => ({ rows: [] }), close: async () => {} };

describe("the PGlite pool's one connection", () => {
  it("goes to the waiting calls before the data service's reads, whatever order they came in", async () => {
    const pool = pglitePool(engine, 60_000);
    const holder = await pool.connect();
    const order: string[] = [];
    const take = (name: string) =>
      pool.connect().then((client) => {
        order.push(name);
        client.release();
      });
    const waiting = [
      asRead(() => take("read 1")),
      asRead(() => take("read 2")),
      take("light 1"),
      asRead(() => take("read 3")),
      take("light 2"),
    ];
    holder.release();
    await Promise.all(waiting);
    expect(order).toEqual(["light 1", "light 2", "read 1", "read 2", "read 3"]);
    await pool.end();
  });

  it("still refuses a read that waited past the acquisition timeout", async () => {
    const pool = pglitePool(engine, 20);
    const holder = await pool.connect();
    await expect(asRead(() => pool.connect())).rejects.toThrow(/timeout exceeded/);
    holder.release();
    await pool.end();
  });
});
