import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** Checks the error body every failure answers with (spec section 8); answers the body. */
export function expectError(response: LightMyRequestResponse, statusCode: number, message?: string) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json();
  expect(body).toMatchObject({
    statusCode,
    error: expect.any(String),
    message: expect.any(String),
    path: expect.stringMatching(/^\/API\//),
    requestId: expect.any(String),
  });
  if (message !== undefined) expect(body.message).toBe(message);
  return body as { message: string; fieldErrors?: Record<string, string>; params?: Record<string, string> };
}
