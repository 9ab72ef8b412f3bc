import { LOOKUP_LISTS } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test/render";
import { LookupTable } from "./LookupTable";

/* The row that adds a value to a list: where the focus goes once the value is saved. */

const LIST = LOOKUP_LISTS[0];
if (!LIST) throw new Error("no list");

function renderList() {
  return renderWithApp(<LookupTable list={LIST as (typeof LOOKUP_LISTS)[number]} />, {
    tables: {
      tblAppLookup: [
        { appLookupID: 1, appLookupParentID: LIST?.group, appLookupValue: "Retail", appLookupSort: 1 },
        { appLookupID: 2, appLookupParentID: LIST?.group, appLookupValue: "Office", appLookupSort: 2 },
      ],
    },
  });
}

describe("adding a value to a list", () => {
  it("empties the row and keeps the focus in it, ready for the next value", async () => {
    const { user } = renderList();
    const box = await screen.findByRole("textbox", { name: "New value" });
    await user.click(box);
    await user.type(box, "Hospitality{Enter}");
    expect(await screen.findByRole("textbox", { name: "Value, row 3" })).toHaveProperty("value", "Hospitality");
    await waitFor(() => expect(box).toHaveProperty("value", ""));
    expect(document.activeElement).toBe(box);
  });

  it("leaves the focus where the user took it while the value was saved", async () => {
    const { api, user } = renderList();
    const box = await screen.findByRole("textbox", { name: "New value" });
    const held = api.hang({ path: "/API/Insert/" });
    await user.click(box);
    await user.type(box, "Hospitality{Enter}");
    await waitFor(() => expect(held.waiting).toBe(1));
    const table = screen.getByRole("table", { name: LIST?.title });
    const elsewhere = within(table).getByRole("textbox", { name: "Misc, row 1" });
    await user.click(elsewhere);
    held.release();
    await waitFor(() => expect(box).toHaveProperty("value", ""));
    expect(await screen.findByRole("textbox", { name: "Value, row 3" })).toBeTruthy();
    expect(document.activeElement).toBe(elsewhere);
  });
});
