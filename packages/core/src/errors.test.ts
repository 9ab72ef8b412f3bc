import { describe, expect, it } from "vitest";
import { credentialsSchema } from "./bodies.js";
import { errorPageView, failureDisplay, isErrorBody, redirectNotice, statusText } from "./errors.js";

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

describe("the error page of spec 8", () => {
  it("titles each case as the table says", () => {
    expect(errorPageView({ statusCode: 404 })).toEqual({ title: "Page Not Found", action: "home" });
    expect(errorPageView({ statusCode: 404, fromApi: true }).title).toBe("API Not Found");
    expect(errorPageView({ statusCode: 500 })).toEqual({ title: "Application Error", action: "refresh" });
    expect(errorPageView({ statusCode: 500, name: "ExpiredAuthSessionError" }).title).toBe("Expired Session");
    expect(errorPageView({ statusCode: -1 }).title).toBe("Unknown Error");
    expect(errorPageView({ statusCode: 0 })).toEqual({
      title: "Server Internal Error",
      action: "refresh",
      details: true,
    });
    expect(errorPageView({ statusCode: 400 }).title).toBe("Bad Request");
    expect(errorPageView({ statusCode: 401 })).toEqual({ title: "Unauthorized", action: "countdown" });
    expect(errorPageView({ statusCode: -404 })).toEqual({ title: "Not Found", action: "back" });
  });

  it("offers a Refresh link for any other status, 403 and 409 passed through", () => {
    expect(errorPageView({ statusCode: 403, fromApi: true })).toEqual({ title: "Forbidden", action: "refresh" });
    expect(errorPageView({ statusCode: 409, fromApi: true })).toEqual({ title: "Conflict", action: "refresh" });
  });

  it("shows an API answer of 500 as a toast and everything else on the page", () => {
    expect(failureDisplay({ statusCode: 500, fromApi: true })).toBe("toast");
    expect(failureDisplay({ statusCode: 500 })).toBe("page");
    expect(failureDisplay({ statusCode: 400, fromApi: true })).toBe("page");
    expect(failureDisplay({ statusCode: 0 })).toBe("page");
  });

  it("counts down in the spec's words", () => {
    expect(redirectNotice(15)).toBe("You will redirect to Login page after 15 seconds...");
  });
});
