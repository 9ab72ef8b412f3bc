import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { installFakeApi } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { SessionCountdown } from "./SessionCountdown";

/*
 * The session's end (spec 4, Session): after a 401 the page counts 15 seconds down, then logs
 * out: the token is revoked and forgotten, the tab's remembered searches with it (the next
 * person at the tab starts afresh), and the browser goes to login. The browser tests
 * (e2e/tests/session.spec.ts) keep the 401s that start it, on a read, a navigation and a write.
 */

const notice = (seconds: number) => `You will redirect to Login page after ${seconds} seconds...`;

describe("the session countdown", () => {
  it("counts 15 seconds down, then signs out: token and remembered searches forgotten, on to login", async () => {
    vi.useFakeTimers();
    localStorage.setItem("office.token", "a.b.c");
    sessionStorage.setItem("office.search./project", "name=lake");
    sessionStorage.setItem("office.search./client", "state=OR");
    sessionStorage.setItem("office.chunkReloadAt", "1");
    const api = installFakeApi();
    api.on("POST", "/API/Logout/", () => ({ status: "success" }));
    const { location, advance } = renderWithApp(<SessionCountdown />, {
      api,
      path: "/project",
      route: "/project",
      routes: [{ path: "/login", element: <p>The login page</p> }],
    });
    expect(screen.getByRole("timer").textContent).toBe(notice(15));
    await advance(5_000);
    expect(screen.getByRole("timer").textContent).toBe(notice(10));
    await advance(9_000);
    expect(screen.getByRole("timer").textContent).toBe(notice(1));
    expect(location().pathname).toBe("/project");
    expect(api.callsTo("/API/Logout/")).toEqual([]);

    await advance(1_000);
    await waitFor(() => expect(location().pathname).toBe("/login"));
    expect(screen.getByText("The login page")).toBeTruthy();
    expect(api.callsTo("/API/Logout/", "POST")).toHaveLength(1);
    expect(localStorage.getItem("office.token")).toBeNull();
    expect(sessionStorage.getItem("office.search./project")).toBeNull();
    expect(sessionStorage.getItem("office.search./client")).toBeNull();
    // Only the searches: what else the tab keeps stays.
    expect(sessionStorage.getItem("office.chunkReloadAt")).toBe("1");
  });
});
