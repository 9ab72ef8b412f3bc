import { MantineProvider } from "@mantine/core";
import { cleanNotifications } from "@mantine/notifications";
import { TOASTS } from "@office/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { showToast } from "../services/toast";
import { DeferredToasts } from "./DeferredToasts";

const container = () => document.querySelector(".mantine-Notifications-root");

/** The container, not loaded yet; its chunk compiled ahead (a test's first import of it is slow). */
async function renderToasts() {
  await import("./Toasts");
  render(
    <MantineProvider>
      <DeferredToasts />
    </MantineProvider>,
  );
  expect(container()).toBeNull();
}

describe("the toasts' container, loaded when first wanted", () => {
  afterEach(() => act(() => cleanNotifications()));

  it("loads at once for a toast given before any key or pointer, and shows it and the next ones", async () => {
    await renderToasts();
    act(() => showToast(TOASTS.updated));
    expect(await screen.findByText(String(TOASTS.updated.title), {}, { timeout: 500 })).toBeTruthy();
    act(() => showToast(TOASTS.inserted));
    expect(await screen.findByText(String(TOASTS.inserted.title))).toBeTruthy();
  });

  it("loads when the user first presses a key, ahead of a toast a write may bring", async () => {
    await renderToasts();
    fireEvent.keyDown(window, { key: "a" });
    await waitFor(() => expect(container()).not.toBeNull(), { timeout: 500 });
  });
});
