import { PAGES, TOASTS } from "@office/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { tokenStore } from "../../auth/token-store";
import { queryClient } from "../../services/query-client";
import { tableKey } from "../../services/query-keys";
import { ALL_PERMISSIONS, installFakeApi, permissionsOf } from "../../test/fake-api";
import { renderWithApp, testUser } from "../../test/render";
import { LoginPage } from "./LoginPage";

describe("signing in", () => {
  it("starts with nothing cached of an earlier sign-in: its permissions and its rows are gone", async () => {
    const earlier = tableKey.rows({ table: "tblClient" });
    queryClient.setQueryData(earlier, [{ clientID: 1, clientName: "Seen by the last user" }]);
    const app = renderWithApp(<LoginPage />, { path: "/login", route: "/login" });
    app.api.on("POST", "/API/Authenticate/", () => ({ token: "next-user" }));
    const user = testUser();
    await user.type(await screen.findByRole("textbox", { name: /Username/ }), "staff");
    await user.type(screen.getByLabelText(/Password/), "demo");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("Another page");
    expect(tokenStore.get()).toBe("next-user");
    expect(queryClient.getQueryData(earlier)).toBeUndefined();
  });

  it("lands on the page chosen in Settings, or Home when the person may no longer open it", async () => {
    for (const [permissions, landing] of [
      [ALL_PERMISSIONS, "/calendar1"],
      [permissionsOf({ [PAGES.projects]: "all" }), "/"],
    ] as const) {
      const api = installFakeApi();
      api.settings = { personal: { preferences: { layout: "auto", colourScheme: "auto", startPage: "/calendar1" } } };
      const app = renderWithApp(<LoginPage />, { path: "/login", route: "/login", api, permissions: [...permissions] });
      app.api.on("POST", "/API/Authenticate/", () => ({ token: "next-user" }));
      const user = testUser();
      await user.type(await screen.findByRole("textbox", { name: /Username/ }), "staff");
      await user.type(screen.getByLabelText(/Password/), "demo");
      await user.click(screen.getByRole("button", { name: "Sign in" }));
      await screen.findByText("Another page");
      expect(app.location().pathname).toBe(landing);
      app.unmount();
    }
  });

  it("says a refusal beside the form too, until the user types again", async () => {
    const app = renderWithApp(<LoginPage />, { path: "/login", route: "/login" });
    app.api.on("POST", "/API/Authenticate/", () => ({
      status: 401,
      body: { statusCode: 401, error: "Unauthorized", message: "Invalid credentials", path: "/API/Authenticate/" },
    }));
    const user = testUser();
    await user.type(await screen.findByRole("textbox", { name: /Username/ }), "staff");
    await user.type(screen.getByLabelText(/Password/), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const form = screen.getByRole("form", { name: "Sign in to Office" });
    expect((await within(form).findByRole("alert")).textContent).toBe(TOASTS.loginFailed.message);
    await user.type(screen.getByLabelText(/Password/), "x");
    expect(within(form).queryByRole("alert")).toBeNull();
  });
});
