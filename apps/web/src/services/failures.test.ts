import { errorPageView, failureDisplay } from "@office/core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, ExpiredAuthSessionError, type SentRequest } from "../api/client";
import { endsSession, RecordNotFoundError, reportFailure, toFailure } from "./failures";
import { showToast } from "./toast";

vi.mock("./toast", () => ({ showToast: vi.fn() }));

const request: SentRequest = { method: "GET", path: "/API/Query/", params: { table: "tblProject" } };
const answer = (statusCode: number, error = "", message = "m") =>
  new ApiError({ statusCode, error, message, path: request.path }, request);

/** What the user sees for an error: a toast, or the error page's title and way out. */
const shown = (error: unknown) => {
  const failure = toFailure(error);
  return failureDisplay(failure) === "toast" ? "toast" : errorPageView(failure);
};

describe("mapping a failure to spec 8's catalogue", () => {
  it("shows an API answer of 500 as a toast", () => {
    expect(shown(answer(500))).toBe("toast");
  });

  it("titles the API's other answers by status", () => {
    expect(shown(answer(400))).toEqual({ title: "Bad Request", action: "back" });
    expect(shown(answer(401))).toEqual({ title: "Unauthorized", action: "countdown" });
    expect(shown(answer(404))).toEqual({ title: "API Not Found", action: "back" });
    expect(shown(answer(403))).toEqual({ title: "Forbidden", action: "refresh" });
    expect(shown(answer(503))).toEqual({ title: "Service Unavailable", action: "refresh" });
  });

  it("keeps the request and the answer of a call for the error page", () => {
    expect(toFailure(answer(400, "Bad Request", "bad where"))).toMatchObject({
      statusCode: 400,
      message: "bad where",
      fromApi: true,
      request,
      response: { statusCode: 400, error: "Bad Request", path: "/API/Query/" },
    });
  });

  it("calls a call without an answer Server Internal Error, with its details", () => {
    expect(shown(answer(0))).toEqual({ title: "Server Internal Error", action: "refresh", details: true });
    expect(toFailure(answer(0)).fromApi).toBe(false);
  });

  it("calls a run-out token Expired Session, with a way to sign in again", () => {
    expect(toFailure(new ExpiredAuthSessionError())).toMatchObject({
      statusCode: 500,
      name: "ExpiredAuthSessionError",
    });
    expect(shown(new ExpiredAuthSessionError())).toEqual({ title: "Expired Session", action: "login" });
  });

  it("calls a record a page asked for by id and did not find Not Found, with Back", () => {
    expect(toFailure(new RecordNotFoundError("There is no project with the id 9."))).toMatchObject({
      statusCode: -404,
      message: "There is no project with the id 9.",
    });
    expect(shown(new RecordNotFoundError("x"))).toEqual({ title: "Not Found", action: "back" });
  });

  it("shows a failure of the page itself on the page: Application Error for a 500, Unknown Error otherwise", () => {
    const crash = Object.assign(new Error("render failed"), { statusCode: 500 });
    expect(shown(crash)).toEqual({ title: "Application Error", action: "refresh" });
    expect(shown(new TypeError("x is not a function"))).toEqual({ title: "Unknown Error", action: "refresh" });
    expect(shown("a thrown string")).toEqual({ title: "Unknown Error", action: "refresh" });
  });
});

describe("failures that end the session", () => {
  it("are a 401 answer and a run-out token, nothing else", () => {
    expect(endsSession(answer(401))).toBe(true);
    expect(endsSession(new ExpiredAuthSessionError())).toBe(true);
    for (const status of [0, 400, 403, 404, 500]) expect(endsSession(answer(status))).toBe(false);
    expect(endsSession(new Error("Failed Insert"))).toBe(false);
  });
});

describe("the shared exception handler", () => {
  beforeEach(() => vi.mocked(showToast).mockClear());

  it("toasts an API answer of 500 as Application Error with the server's message", () => {
    reportFailure(answer(500, "Internal Server Error", "An unexpected error occurred."));
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: "failure",
        title: "Application Error",
        message: "An unexpected error occurred.",
      }),
    );
  });

  it("toasts one failure once, however many reads it reached, and again once that toast is gone", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const failure = () => answer(500, "Internal Server Error", "One failure, three reads.");
      for (let read = 0; read < 3; read++) reportFailure(failure());
      expect(showToast).toHaveBeenCalledTimes(1);
      const [toast] = vi.mocked(showToast).mock.calls[0] ?? [];
      vi.advanceTimersByTime((toast?.ms ?? 0) + 1);
      reportFailure(failure());
      expect(showToast).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not toast a failure the error page shows", () => {
    reportFailure(answer(404));
    expect(showToast).not.toHaveBeenCalled();
  });
});
