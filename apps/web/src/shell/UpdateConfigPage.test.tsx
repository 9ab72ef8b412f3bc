import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../test/render";
import { returnPath, UpdateConfigPage } from "./UpdateConfigPage";

describe("/update-config", () => {
  it("reads again what the browser keeps of the session, then returns where the person was", async () => {
    const app = renderWithApp(<UpdateConfigPage />, {
      path: "/update-config?back=/settings",
      route: "/update-config",
      routes: [{ path: "/settings", element: <p>Settings again</p> }],
    });
    expect(screen.getByRole("status", { name: "Updating" })).toBeTruthy();
    await screen.findByText("Settings again");
    expect(app.location().pathname).toBe("/settings");
    const asked = app.api.calls.map((call) => `${call.method} ${call.path}`);
    for (const read of ["GET /API/Permissions/", "GET /API/Settings/", "GET /API/AppConfig/"])
      expect(asked).toContain(read);
    expect(
      app.api.calls.some(
        (call) =>
          call.path.includes("pendingApprovalCount") ||
          JSON.stringify(call.body ?? "").includes("pendingApprovalCount"),
      ),
    ).toBe(true);
  });

  it("returns only to a page of the product", async () => {
    expect(returnPath("/project/de?id=4")).toBe("/project/de?id=4");
    for (const elsewhere of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/x",
      "javascript:alert(1)",
      "/no/such/page",
    ])
      expect(returnPath(elsewhere)).toBe("/");
    const app = renderWithApp(<UpdateConfigPage />, {
      path: "/update-config?back=//evil.example",
      route: "/update-config",
    });
    await waitFor(() => expect(app.location().pathname).toBe("/"));
  });
});
