import { requestStateWhere } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { ApprovalsPage } from "./ApprovalsPage";

const LONG = { timeout: 5_000 };

const row = (id: number, used: number, over: number, overLimit: number) => ({
  ccPermissionID: id,
  ccPermissionRequestedTS: `2026-11-${10 + id}T09:30:00-05:00`,
  requesterName: `Requester ${id}`,
  ccName: "Fleet Card",
  ccLastFour: "4218",
  holderName: "Taylor, Sam",
  ccPermissionPurpose: `Purpose ${id}`,
  projectName: null,
  ccPermissionAmount: "100.00",
  ccPermissionCCUsedApprovalStatus: used,
  ccPermissionOverLimitApprovalStatus: over,
  ccPermissionOverLimit: overLimit,
});

describe("the approvals list", () => {
  it("shows the requests of the state chosen, kept in the address, and every request once it is cleared", async () => {
    const api = installFakeApi({
      vwCCApprovals: [row(1, 0, 1, 0), row(2, 1, 0, 1), row(3, 1, 1, 0), row(4, 2, 1, 0)],
    });
    const { user, location } = renderWithApp(<ApprovalsPage />, { api, path: "/approvals", route: "/approvals" });
    const table = await screen.findByRole("table", { name: "Approvals" }, LONG);
    await within(table).findByText("Purpose 4");
    await user.click(screen.getByRole("textbox", { name: "State" }));
    await user.click(await screen.findByRole("option", { name: "Denied" }));
    await waitFor(() => expect(location().search).toBe("?state=denied"));
    await waitFor(() => expect(api.queries("vwCCApprovals").at(-1)?.where).toContain(requestStateWhere("denied")));
    await waitFor(() => expect(within(table).queryByText("Purpose 1")).toBeNull());
    expect(within(table).getByText("Purpose 4")).toBeTruthy();

    await user.click(screen.getByRole("textbox", { name: "State" }));
    await user.click(await screen.findByRole("option", { name: "Every state" }));
    await waitFor(() => expect(location().search).toBe(""));
    expect(await within(table).findByText("Purpose 1")).toBeTruthy();
  });

  it("opens on the state its address names", async () => {
    const api = installFakeApi({ vwCCApprovals: [row(1, 0, 1, 0), row(2, 1, 0, 1)] });
    renderWithApp(<ApprovalsPage />, { api, path: "/approvals?state=waitingForOverLimit", route: "/approvals" });
    const table = await screen.findByRole("table", { name: "Approvals" }, LONG);
    expect(await within(table).findByText("Purpose 2")).toBeTruthy();
    expect(within(table).queryByText("Purpose 1")).toBeNull();
    expect((screen.getByRole("textbox", { name: "State" }) as HTMLInputElement).value).toBe(
      "Waiting for an over-limit approval",
    );
  });
});
