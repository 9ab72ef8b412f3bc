import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LAKESIDE } from "../test/project-rows";
import { renderWithApp } from "../test/render";
import { DeferredProjectSearch } from "./DeferredProjectSearch";

/*
 * The header's project search loads its dropdown after the first paint: what is typed into the
 * plain box standing in for it is not lost, and the search runs for it.
 */

describe("the header's deferred project search", () => {
  it("keeps what was typed before its dropdown loaded, searches for it and offers the match", async () => {
    const { api } = renderWithApp(<DeferredProjectSearch width={280} />, { tables: { vwProjectSearch: [LAKESIDE] } });
    const standIn = screen.getByRole("textbox", { name: "Project search" });
    // Typed in one go, before the dropdown's chunk can be in: the stand-in holds it.
    fireEvent.focus(standIn);
    fireEvent.change(standIn, { target: { value: "lake" } });
    expect(await screen.findByRole("option", { name: "4101 · Lakeside Clinic · SRC-77" })).toBeTruthy();
    const box = screen.getByRole("textbox", { name: "Project search" });
    expect(box).not.toBe(standIn);
    expect(box).toHaveProperty("value", "lake");
    expect(document.activeElement).toBe(box);
    expect(api.queries("vwProjectSearch")[0]?.where).toContain("'%lake%'");
  });
});
