import { describe, expect, it } from "vitest";
import { credentialsSchema } from "./auth.js";
import { isErrorBody, statusText } from "./errors.js";

describe("the error catalogue", () => {
  it("names the statuses of spec section 8", () => {
    expect(statusText(400)).toBe("Bad Request");
    expect(statusText(401)).toBe("Unauthorized");
    expect(statusText(404)).toBe("Not Found");
    expect(statusText(409)).toBe("Conflict");
  });

  it("treats an unknown status as an internal error (the default 500)", () => {
    expect(statusText(418)).toBe("Internal Server Error");
  });

  it("recognises an error body", () => {
    expect(isErrorBody({ statusCode: 401, message: "Your session has expired." })).toBe(true);
    expect(isErrorBody({ data: [] })).toBe(false);
    expect(isErrorBody(null)).toBe(false);
  });
});

describe("credentials", () => {
  it("accepts a username and password and trims the username", () => {
    expect(credentialsSchema.parse({ username: " staff ", password: "demo" })).toEqual({
      username: "staff",
      password: "demo",
    });
  });

  it("refuses empty, oversized and extra fields", () => {
    expect(credentialsSchema.safeParse({ username: "", password: "demo" }).success).toBe(false);
    expect(credentialsSchema.safeParse({ username: "u".repeat(65), password: "demo" }).success).toBe(false);
    expect(credentialsSchema.safeParse({ username: "staff", password: "p".repeat(257) }).success).toBe(false);
    expect(credentialsSchema.safeParse({ username: "staff", password: "demo", role: "admin" }).success).toBe(false);
  });
});
