import { notifications } from "@mantine/notifications";
import type { Toast } from "@office/core";

const COLORS = { success: "green", failure: "red", info: "blue" } as const;

/** Shows a toast of the core catalogue for its own duration. */
export function showToast(toast: Toast): void {
  notifications.show({ color: COLORS[toast.kind], title: toast.title, message: toast.message, autoClose: toast.ms });
}
