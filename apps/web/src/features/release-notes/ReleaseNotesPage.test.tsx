import { PAGES } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { permissionsOf } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { ReleaseNotesPage } from "./ReleaseNotesPage";
import { markReleaseNotesRead } from "./read-notes";

/*
 * The release notes feed: dated notes, the newest first, Markdown rendered without ever
 * running what a note holds; opening it marks the notes read; the editor only for those who
 * may change notes.
 */

const note = (id: number, date: string, body: string | null = null) => ({
  releaseNoteID: id,
  releaseNoteVersion: `0.${id}.0`,
  releaseNoteDate: date,
  releaseNoteTitle: `Release ${id}`,
  releaseNoteBody: body,
});
const HOSTILE = [
  "**Bold** and a [guide](https://example.com/guide).",
  '<img src="x" onerror="window.hacked = 1"> <script>window.hacked = 2</script>',
  "[click](javascript:window.hacked=3)",
].join("\n\n");
const NOTES = [
  note(1, "2026-11-20", "# Heading\n\n- one\n- two"),
  note(2, "2026-11-22", HOSTILE),
  note(3, "2026-11-21"),
];
const STAFF = permissionsOf({ [PAGES.home]: ["view"] });
const EMP = 7;

describe("the release notes feed", () => {
  beforeEach(() => localStorage.clear());

  it("lists dated notes, the newest first, with their Markdown rendered and nothing of it run", async () => {
    renderWithApp(<ReleaseNotesPage />, {
      tables: { tblReleaseNote: NOTES },
      permissions: STAFF,
      user: { empID: EMP },
    });
    const feed = await screen.findAllByRole("listitem", { name: /^Release \d+$/ });
    expect(feed.map((item) => within(item).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "Release 2",
      "Release 3",
      "Release 1",
    ]);
    const [hostile, , lists] = feed as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(hostile).getByText("Version 0.2.0 ·", { exact: false }).textContent).toBe(
      "Version 0.2.0 · 11/22/2026",
    );
    expect(within(hostile).getByText("Bold").tagName).toBe("STRONG");
    const guide = within(hostile).getByRole("link", { name: "guide" });
    expect(guide.getAttribute("href")).toBe("https://example.com/guide");
    expect(guide.getAttribute("rel")).toBe("noopener noreferrer");
    // Raw HTML is skipped, a javascript: address is no link.
    expect(hostile.querySelector("img, script")).toBeNull();
    expect(within(hostile).queryByRole("link", { name: "click" })?.getAttribute("href") ?? "").not.toMatch(
      /javascript/i,
    );
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    // A note's own headings sit under its title.
    expect(within(lists).getByRole("heading", { level: 3, name: "Heading" })).toBeTruthy();
    expect(within(lists).getAllByRole("listitem")).toHaveLength(2);
    // Staff reads only.
    expect(screen.queryByRole("button", { name: "New release note" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole("radiogroup", { name: "Show release notes as" })).toBeNull();
  });

  it("marks the unread notes New while open, and as read from then on", async () => {
    markReleaseNotesRead(EMP, [{ releaseNoteID: 1 }]);
    renderWithApp(<ReleaseNotesPage />, {
      tables: { tblReleaseNote: NOTES },
      permissions: STAFF,
      user: { empID: EMP },
    });
    await screen.findAllByRole("listitem", { name: /^Release \d+$/ });
    await waitFor(() => expect(screen.getAllByText("New")).toHaveLength(2));
    const unread = screen.getAllByText("New").map((badge) => badge.closest("li")?.id);
    expect(unread).toEqual(["note-2", "note-3"]);
    expect(localStorage.getItem(`office.releaseNotesRead.${EMP}`)).toBe("3");
  });

  it("gives those who may change notes the editor: a new note, an edit of each, and the table", async () => {
    const { user, location } = renderWithApp(<ReleaseNotesPage />, { tables: { tblReleaseNote: NOTES } });
    await user.click(await screen.findByRole("button", { name: "Edit Release 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Release note" });
    expect((within(dialog).getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe("Release 3");
    expect(within(dialog).getByRole("button", { name: "Update" })).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Release note" })).toBeNull());
    expect(screen.getByRole("button", { name: "New release note" })).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: "Table" }));
    expect(await screen.findByRole("table", { name: "Release notes" })).toBeTruthy();
    expect(location().search).toBe("?view=table");
  });

  it("shows twenty notes, then older ones when asked", async () => {
    const many = Array.from({ length: 25 }, (_, i) => note(i + 1, `2026-10-${String(i + 1).padStart(2, "0")}`));
    const { user } = renderWithApp(<ReleaseNotesPage />, { tables: { tblReleaseNote: many }, permissions: STAFF });
    await waitFor(() => expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(20));
    await user.click(screen.getByRole("button", { name: "Show older notes" }));
    await waitFor(() => expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(25));
    expect(screen.queryByRole("button", { name: "Show older notes" })).toBeNull();
  });
});
