import { AREAS } from "@office/core";
import { describe, expect, it } from "vitest";
import { PANEL_FILES } from "./area-pages";

describe("the panels areas add under a record", () => {
  it("are each named for an area, so none is dropped by a misspelt file name", () => {
    const nouns = new Set(AREAS.map((area) => area.noun.replaceAll(" ", "-")));
    const named = PANEL_FILES.map((file) => file.split("/").pop()?.replace(".panel.ts", ""));
    expect(named.filter((noun) => !nouns.has(noun ?? ""))).toEqual([]);
    expect(named.sort()).toEqual(["employee", "portal-order", "project", "shipment"]);
  });
});
