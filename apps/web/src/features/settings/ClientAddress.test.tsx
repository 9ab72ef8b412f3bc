import { OPERATIONS } from "@office/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { ClientAddress } from "./ClientAddress";

describe("the user's network address in settings", () => {
  it("shows the address the server sees, as IPv4 where it is one", async () => {
    const api = installFakeApi();
    api.operation(OPERATIONS.clientAddress, () => ({ address: "::ffff:203.0.113.7", ipv4: "203.0.113.7" }));
    renderWithApp(<ClientAddress />, { api });
    expect(await screen.findByText("203.0.113.7")).toBeTruthy();
    expect(api.callsTo("/API/ClientIP").length).toBe(1);
  });

  it("shows an IPv6 address as it is, and says so when it cannot be read", async () => {
    const api = installFakeApi();
    api.operation(OPERATIONS.clientAddress, () => ({ address: "2001:db8::1", ipv4: null }));
    const { unmount } = renderWithApp(<ClientAddress />, { api });
    expect(await screen.findByText("2001:db8::1")).toBeTruthy();
    unmount();

    const failing = installFakeApi();
    failing.fail({ path: "/API/ClientIP" }, { status: 500, message: "Boom" });
    renderWithApp(<ClientAddress />, { api: failing });
    expect(await screen.findByText("It could not be read.")).toBeTruthy();
  });
});
