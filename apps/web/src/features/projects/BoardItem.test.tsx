import { BOARD_NO_ITEM, boardQueryText, OPERATIONS } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appConfigQuery } from "../../services/session";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { BoardItem } from "./BoardItem";

const ITEM = {
  id: "5551212",
  name: "41",
  url: "https://board.example/items/5551212",
  updated_at: "2026-11-20T15:00:00Z",
  column_values: [
    { id: "status", text: "Fabrication" },
    { id: "owner", text: null },
  ],
};

describe("a project's board item (spec 7)", () => {
  it("asks the company's board for the item named by the project's ID, and shows it", async () => {
    const api = installFakeApi();
    api.operation(OPERATIONS.boardQuery, () => ({ data: { items_page_by_column_values: { items: [ITEM] } } }));
    renderWithApp(<BoardItem projectID={41} />, { api, config: { boardID: "4242" } });
    const section = await screen.findByRole("region", { name: "Board item" });
    const link = await within(section).findByRole("link", { name: "41" });
    expect(link.getAttribute("href")).toBe(ITEM.url);
    expect(within(section).getByText("Fabrication")).toBeTruthy();
    expect(api.callsTo(OPERATIONS.boardQuery.path)[0]?.body).toEqual({
      query: boardQueryText({ kind: "find", boardID: "4242", name: "41" }),
    });
  });

  it("says there is no item, or why the service could not answer, in its own section", async () => {
    const api = installFakeApi();
    api.fail({ path: OPERATIONS.boardQuery.path }, { status: 404, message: BOARD_NO_ITEM });
    const { unmount } = renderWithApp(<BoardItem projectID={41} />, { api, config: { boardID: "4242" } });
    expect(await screen.findByText(BOARD_NO_ITEM)).toBeTruthy();
    unmount();

    const down = installFakeApi();
    down.fail({ path: OPERATIONS.boardQuery.path }, { status: 502, message: "Invalid board id" });
    renderWithApp(<BoardItem projectID={41} />, { api: down, config: { boardID: "4242" } });
    expect(await screen.findByText("Invalid board id")).toBeTruthy();
  });

  it("is not there, and asks nothing, where no board service is set", async () => {
    const api = installFakeApi();
    const { queryClient } = renderWithApp(<BoardItem projectID={41} />, { api, config: { boardID: null } });
    // Once the company's settings are read (they say no board), nothing is asked of the board.
    await waitFor(() => expect(queryClient.getQueryData(appConfigQuery.queryKey)).toMatchObject({ boardID: null }));
    expect(screen.queryByRole("region", { name: "Board item" })).toBeNull();
    expect(api.callsTo(OPERATIONS.boardQuery.path)).toEqual([]);
  });
});
