import { OPERATIONS, type TrackingAnswer } from "@office/core";
import { act, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { installFakeApi, permissionsOf } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { TruckButton } from "./TruckButton";

const ASKED =
  "Tracking Shipping Projects is running and may take a couple of minutes. You can either wait or navigate to other pages.";

function later<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("the truck button (spec 2.4, 4, 8)", () => {
  it("says the run is asked for at once, then 'Process Completed' when the run it started answers", async () => {
    const api = installFakeApi();
    const answer = later<TrackingAnswer>();
    api.operation(OPERATIONS.trackShipments, () => answer.promise);
    const { user } = renderWithApp(<TruckButton />, { api });
    await user.click(screen.getByRole("button", { name: "Track shipments" }));
    expect(await screen.findByText(ASKED)).toBeTruthy();
    expect(screen.queryByText("Process Completed")).toBeNull();
    expect(api.callsTo(OPERATIONS.trackShipments.path)).toHaveLength(1);
    answer.resolve({ runID: 4, started: true, asked: 12, updated: 3, failed: 0, failures: null });
    expect(await screen.findByText("Process Completed")).toBeTruthy();
    expect(screen.queryByText("The process is running!")).toBeNull();
  });

  it("says 'The process is running!' when a run is under way elsewhere, and waits for nothing", async () => {
    const api = installFakeApi();
    api.operation(OPERATIONS.trackShipments, () => ({ runID: 7, started: false, message: "A run is under way." }));
    const { user } = renderWithApp(<TruckButton />, { api });
    await user.click(screen.getByRole("button", { name: "Track shipments" }));
    expect(await screen.findByText("The process is running!")).toBeTruthy();
    expect(api.callsTo("/API/Query/")).toEqual([]);
    expect(screen.queryByText("Process Completed")).toBeNull();
  });

  it("waits for its own run that goes on after its call stopped waiting, and says 'Process Completed' at its end, its phone menu closed", async () => {
    const api = installFakeApi({ vwTrackingRuns: [{ runID: 9, runState: "running" }] });
    api.operation(OPERATIONS.trackShipments, () => ({ runID: 9, started: true, message: "It goes on." }));
    function Menu() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(false)}>
            Close menu
          </button>
          {open ? <TruckButton wide /> : null}
        </>
      );
    }
    const { user, queryClient } = renderWithApp(<Menu />, { api });
    await user.click(screen.getByRole("button", { name: "Track shipments" }));
    expect(await screen.findByText("The process is running!")).toBeTruthy();
    await waitFor(() => expect(api.callsTo("/API/Query/").length).toBeGreaterThan(0));
    expect(screen.queryByText("Process Completed")).toBeNull();
    // A phone's menu closes, and its truck with it: the run's end is still said.
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("button", { name: "Track shipments" })).toBeNull();
    // The run ends; the live stream's word has the run read again.
    (api.table("vwTrackingRuns")[0] as Record<string, unknown>).runState = "done";
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText("Process Completed")).toBeTruthy();
  });

  it("says why when the run could not be started, and is not there for whoever may not view shipping", async () => {
    const api = installFakeApi();
    api.fail({ path: OPERATIONS.trackShipments.path }, { status: 500, message: "The tracking run failed: boom" });
    const { user, unmount } = renderWithApp(<TruckButton />, { api });
    await user.click(screen.getByRole("button", { name: "Track shipments" }));
    expect(await screen.findByText("The tracking run failed: boom")).toBeTruthy();
    unmount();

    renderWithApp(<TruckButton />, { permissions: permissionsOf({ 1: ["view"], 3: "all" }) });
    expect(screen.queryByRole("button", { name: "Track shipments" })).toBeNull();
  });
});
