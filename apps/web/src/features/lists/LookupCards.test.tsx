import { LOOKUP_LISTS } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setDevice } from "../../services/device";
import { renderWithApp } from "../../test/render";
import { LookupTable } from "./LookupTable";

/* On a phone a list's values are cards: each field under its label, the actions beneath (issue 34). */

const LIST = LOOKUP_LISTS[0] as (typeof LOOKUP_LISTS)[number];

afterEach(() => setDevice("DESKTOP"));

describe("a list's values on a phone", () => {
  it("are cards with their fields labelled, without a header row, edited and added as on a desk", async () => {
    setDevice("MOBILE");
    const { user, api } = renderWithApp(<LookupTable list={LIST} />, {
      tables: {
        tblAppLookup: [
          { appLookupID: 1, appLookupParentID: LIST.group, appLookupValue: "Retail", appLookupSort: 1 },
          { appLookupID: 2, appLookupParentID: LIST.group, appLookupValue: "Office", appLookupSort: 2 },
        ],
      },
    });
    const first = await screen.findByRole("textbox", { name: "Value, row 1" });
    const table = screen.getByRole("table", { name: LIST.title });
    // One cell a value, its label shown above its field.
    const row = first.closest("tr") as HTMLElement;
    expect(within(row).getAllByRole("cell")).toHaveLength(1);
    expect(within(row).getByText("Value")).toBeTruthy();
    expect(within(table).queryAllByRole("columnheader")).toEqual([]);
    await user.clear(first);
    await user.type(first, "Retail stores");
    await user.click(within(row).getByRole("button", { name: "Save row 1" }));
    await waitFor(() => expect(api.callsTo("/API/Update/")).toHaveLength(1));
    const add = screen.getByRole("textbox", { name: "New value" });
    await user.type(add, "Hospitality{Enter}");
    expect(await screen.findByRole("textbox", { name: "Value, row 3" })).toHaveProperty("value", "Hospitality");
  });
});
