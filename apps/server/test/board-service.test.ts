import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BOARD_NO_ITEM, boardQueryText, OPERATIONS } from "@office/core";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { useTestApp } from "./support/context.js";
import { ONE_ENGINE } from "./support/engines.js";

/*
 * The board service (spec 7; issue 36) against a local fake GraphQL server: the product's two
 * queries forwarded with the server's token, its errors in either shape, no item, down, slow,
 * garbage, and any other query refused before anything is sent.
 */

interface Sent {
  query: string;
  authorization: string;
}
const sent: Sent[] = [];
let answer: (query: string) => { status?: number; raw?: string; json?: unknown; stall?: true } = () => ({});
const fake: Server = createServer((request, response) => {
  let text = "";
  request.on("data", (chunk) => {
    text += chunk;
  });
  request.on("end", () => {
    const { query } = JSON.parse(text) as { query: string };
    sent.push({ query, authorization: request.headers.authorization ?? "" });
    const reply = answer(query);
    if (reply.stall) return;
    response.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    response.end(reply.raw ?? JSON.stringify(reply.json ?? {}));
  });
});
await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v2`;
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

const ITEM = {
  id: "5551212",
  name: "1234",
  url: "https://board.example/items/5551212",
  updated_at: "2026-11-20T15:00:00Z",
  column_values: [{ id: "status", text: "Fabrication" }],
};
/** The item as the service answers it: with its board, which the server checks and does not pass on. */
const ANSWERED = { ...ITEM, board: { id: "4242" } };
const find = (name: string, boardID = "4242") => ({ query: boardQueryText({ kind: "find", boardID, name }) });

describe.each(ONE_ENGINE)("the board service on $name", (engine) => {
  const t = useTestApp(engine, {
    config: {
      settingsFromEnv: { board: { url, token: "board-secret-token", boardID: "4242" } },
      boardTimeoutMs: 1_000,
    },
  });
  const ask = (body: Record<string, unknown>) => t.staff.operation(OPERATIONS.boardQuery, body);
  beforeEach(() => {
    sent.length = 0;
    answer = () => ({ json: { data: { items_page_by_column_values: { items: [ANSWERED] } } } });
  });

  it("finds a project's item on the company's board with the server's token, which no answer holds", async () => {
    const response = await ask(find("1234"));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { items_page_by_column_values: { items: [ITEM] } } });
    expect(sent).toEqual([{ query: find("1234").query, authorization: "board-secret-token" }]);
    expect(response.body).not.toContain("board-secret-token");
    const config = await t.staff.call("GET", "/API/AppConfig/");
    expect(config.json()).toMatchObject({ boardID: "4242" });
    expect(config.body).not.toContain("board-secret-token");
  });

  it("says 'No item found for the given project ID' when the board has none", async () => {
    answer = () => ({ json: { data: { items_page_by_column_values: { items: [] } } } });
    const response = await ask(find("999999"));
    expect([response.statusCode, response.json().message]).toEqual([404, BOARD_NO_ITEM]);
  });

  it("answers the service's error from errors[0].message, a string or an object", async () => {
    answer = () => ({ json: { errors: [{ message: "Invalid board id", locations: [] }] } });
    expect((await ask(find("1234"))).json()).toMatchObject({ statusCode: 502, message: "Invalid board id" });
    answer = () => ({ status: 429, json: { errors: [{ message: { message: "Complexity budget exhausted" } }] } });
    expect((await ask(find("1234"))).json()).toMatchObject({ statusCode: 502, message: "Complexity budget exhausted" });
    answer = () => ({ status: 500, raw: "<html>Bad gateway" });
    expect((await ask(find("1234"))).json()).toMatchObject({
      statusCode: 502,
      message: "The board service answered something that is not JSON (500)",
    });
    answer = () => ({ stall: true });
    expect((await ask(find("1234"))).json()).toMatchObject({
      statusCode: 503,
      message: "The board service did not answer in 1 s",
    });
  });

  it("reads an item by its id only when it is of the company's board", async () => {
    const read = { query: boardQueryText({ kind: "read", itemID: "5551212" }) };
    answer = () => ({ json: { data: { items: [ANSWERED] } } });
    expect((await ask(read)).json()).toEqual({ data: { items: [ITEM] } });
    answer = () => ({ json: { data: { items: [{ ...ANSWERED, board: { id: "777" } }] } } });
    expect((await ask(read)).json()).toMatchObject({ statusCode: 404, message: BOARD_NO_ITEM });
  });

  it("says the service failed, not 'no item', when it refuses without GraphQL's errors", async () => {
    answer = () => ({ status: 401, json: { error_message: "Not Authenticated" } });
    expect((await ask(find("1234"))).json()).toMatchObject({
      statusCode: 502,
      message: "The board service failed (401)",
    });
  });

  it("refuses any other query, and another board, sending nothing", async () => {
    for (const query of [
      "mutation { delete_item (item_id: 5551212) { id } }",
      "query { boards { id name } }",
      `${find("1234").query.slice(0, -1)} boards { id } }`,
    ]) {
      const response = await ask({ query });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fieldErrors).toEqual({ query: "is not one of the product's board queries" });
    }
    const other = await ask(find("1234", "777"));
    expect(other.json().fieldErrors).toEqual({ query: "asks another board than the company's" });
    expect(sent).toEqual([]);
    expect((await t.noperm.operation(OPERATIONS.boardQuery, find("1234"))).statusCode).toBe(403);
  });
});

describe.each(ONE_ENGINE)("the board service unset, or down, on $name", (engine) => {
  const t = useTestApp(engine, {
    config: {
      settingsFromEnv: { board: { url: "http://127.0.0.1:9/v2", token: "x", boardID: "4242" } },
      boardTimeoutMs: 1_000,
    },
  });
  const unset = useTestApp(engine);

  it("answers 503 when the service cannot be reached, and 404 when none is configured", async () => {
    const down = await t.staff.operation(OPERATIONS.boardQuery, find("1234"));
    expect(down.json()).toMatchObject({ statusCode: 503, message: "The board service could not be reached" });
    const none = await unset.staff.operation(OPERATIONS.boardQuery, find("1234"));
    expect(none.json()).toMatchObject({ statusCode: 404, message: "The board service is not configured" });
    expect((await unset.staff.call("GET", "/API/AppConfig/")).json().boardID).toBeNull();
  });
});
