import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tokenExpired, tokenExpiry } from "../auth/token-store";
import { ApiError, ExpiredAuthSessionError, queryRows, send } from "./client";

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: Record<string, unknown>) => `${base64url({ alg: "HS256" })}.${base64url(claims)}.signature`;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

let stored: string | null = null;
const fetchMock = vi.fn();

beforeEach(() => {
  stored = null;
  fetchMock.mockReset();
  vi.stubGlobal("localStorage", {
    getItem: () => stored,
    setItem: (_key: string, value: string) => {
      stored = value;
    },
    removeItem: () => {
      stored = null;
    },
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the token's own expiry", () => {
  it("is read from the JWT's exp", () => {
    expect(tokenExpiry(jwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
    expect(tokenExpiry(jwt({ sub: 1 }))).toBeNull();
    expect(tokenExpiry("not a token")).toBeNull();
  });

  it("has passed from the second of exp on", () => {
    const token = jwt({ exp: 1000 });
    expect(tokenExpired(token, 999_999)).toBe(false);
    expect(tokenExpired(token, 1_000_000)).toBe(true);
    expect(tokenExpired("not a token", Date.now())).toBe(false);
  });
});

describe("sending a call", () => {
  it("sends the session token", async () => {
    stored = jwt({ exp: inSeconds(3600) });
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    await send({ method: "GET", path: "/API/EmployeeInfo/", params: {} });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ authorization: `Bearer ${stored}` });
  });

  it("raises ExpiredAuthSessionError (500) and sends nothing once the token has run out", async () => {
    stored = jwt({ exp: inSeconds(-1) });
    const failure = send({ method: "GET", path: "/API/EmployeeInfo/", params: {} });
    await expect(failure).rejects.toBeInstanceOf(ExpiredAuthSessionError);
    await expect(failure).rejects.toMatchObject({ name: "ExpiredAuthSessionError", statusCode: 500 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("turns an error answer into an ApiError with its body and the request", async () => {
    fetchMock.mockResolvedValue(
      json(400, { statusCode: 400, error: "Bad Request", message: "bad", path: "/API/Query/", params: { table: "x" } }),
    );
    const failure = queryRows({ table: "x" });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 400,
      body: { params: { table: "x" } },
      request: { params: { table: "x" } },
    });
  });
});

describe("GET /API/Query/", () => {
  it("answers the rows and the total", async () => {
    fetchMock.mockResolvedValue(json(200, { data: [{ projectID: 1 }], meta: { TotalRecords: 1 } }));
    await expect(queryRows({ table: "tblProject", rowLimit: 1 })).resolves.toEqual({
      data: [{ projectID: 1 }],
      meta: { TotalRecords: 1 },
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/API/Query/?table=tblProject&rowLimit=1");
  });

  it("raises an internal-server error (500) for an answer without data", async () => {
    for (const body of [{ meta: { TotalRecords: 3 } }, null, { data: "rows" }]) {
      fetchMock.mockResolvedValueOnce(json(200, body));
      const failure = queryRows({ table: "tblProject" });
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({ statusCode: 500, request: { path: "/API/Query/" } });
    }
  });
});
