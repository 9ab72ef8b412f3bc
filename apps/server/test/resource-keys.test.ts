import { RESOURCES } from "@office/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { ONE_ENGINE } from "./support/engines.js";

/*
 * Query joins a page's rows back to its keys (data/query.ts): that needs every resource's key
 * to name one row among those a caller may read (per employee, for views of one's own rows).
 */
describe.each(ONE_ENGINE)("the key of every resource on $name", (engine) => {
  const t = useTestApp(engine);

  it.each([...RESOURCES.values()].map((def) => [def.name, def] as const))("%s names one row", async (_, def) => {
    const scope = [def.key, ...(def.ownRows ? [def.ownRows] : [])].map((column) => sql.ref(column));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${sql.table(def.name)}
      group by ${sql.join(scope)} having count(*) > 1) repeated`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
  });
});
