import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { TOAST_MS, type Toast } from "@office/core";

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

/**
 * A success toast that offers Undo: the spec's words, an Undo button, and long enough to press
 * it (TOAST_MS.undo); pressing it closes the toast and undoes.
 */
export function showUndoToast(toast: Toast, undo: () => void): void {
  const id = notifications.show({
    color: COLORS[toast.kind],
    title: toast.title,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="var(--mantine-color-text)">
          {toast.message}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            undo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
    autoClose: TOAST_MS.undo,
    closeButtonProps: { "aria-label": "Close" },
    styles: { description: { color: "var(--mantine-color-text)" } },
  });
}
