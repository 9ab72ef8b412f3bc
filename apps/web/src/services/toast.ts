import { notifications } from "@mantine/notifications";
import type { Toast } from "@office/core";

const COLORS = { success: "green", failure: "red", info: "blue" } as const;

/**
 * Shows a toast of the core catalogue for its own duration. Its close button is named, and its
 * words are in the text's colour: Mantine's dimmed grey is below the contrast a text needs.
 */
export function showToast(toast: Toast): void {
  notifications.show({
    color: COLORS[toast.kind],
    title: toast.title,
    message: toast.message,
    autoClose: toast.ms,
    closeButtonProps: { "aria-label": "Close" },
    styles: { description: { color: "var(--mantine-color-text)" } },
  });
}
