import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../test/render";
import { QuickLaunch } from "./QuickLaunch";

/*
 * The header's Quick Launch: a project id of up to 15 digits, opened with Enter or its
 * button. (The browser tests open projects through it in their flows: projects.spec.ts,
 * breadcrumb.spec.ts.)
 */

const box = () => screen.getByRole("textbox", { name: "Quick Launch" }) as HTMLInputElement;

// In the header, on every page.
const renderQuickLaunch = () => renderWithApp(<QuickLaunch />, { path: "/" });

describe("Quick Launch", () => {
  it("refuses letters and a 16th digit", async () => {
    const { user } = renderQuickLaunch();
    await user.type(box(), "12ab3");
    expect(box().value).toBe("123");
    await user.clear(box());
    await user.type(box(), "1234567890123456");
    expect(box().value).toBe("123456789012345");
  });

  it("opens the project with Enter and with its button, and empties itself", async () => {
    const { user, location } = renderQuickLaunch();
    expect(screen.getByRole("button", { name: "Open project" })).toHaveProperty("disabled", true);
    await user.type(box(), "42{Enter}");
    await waitFor(() => expect(location().pathname + location().search).toBe("/project/de?id=42"));
    expect(box().value).toBe("");
    await user.type(box(), "7");
    await user.click(screen.getByRole("button", { name: "Open project" }));
    await waitFor(() => expect(location().pathname + location().search).toBe("/project/de?id=7"));
  });
});
