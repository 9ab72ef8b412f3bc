import { beforeAll, describe, it } from "vitest";
import { ADDED, BULK, CONTRACT_CASES, expectAnswer } from "../../../test/contract/cases.js";
import { useTestApp } from "./support/context.js";
import { ENGINES } from "./support/engines.js";

/*
 * The contract the web app's fake server keeps (test/contract/cases.ts), held to the server: the
 * same requests, the same answers. The fake's run is apps/web/src/test/contract.test.tsx.
 */
describe.each(ENGINES)("the fake API's contract, on $name", (engine) => {
  const t = useTestApp(engine);

  beforeAll(async () => {
    // ADDED with their keys (the cases name them). In slices: a statement binds at most 65,535 values.
    for (const { table, rows } of [ADDED, BULK]) {
      for (let at = 0; at < rows.length; at += 10_000) {
        await t.db
          .insertInto(table as "tblShippingCompany")
          .values(rows.slice(at, at + 10_000) as never)
          .execute();
      }
    }
  });

  it.each(CONTRACT_CASES)("$name", async (c) => {
    const { method, path, params, body } = c.request;
    const response = await t[c.as].inject({ method, url: path, query: params, payload: body as object | undefined });
    expectAnswer(c, response.statusCode, response.json());
  });
});
