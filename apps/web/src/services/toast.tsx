import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { TOAST_MS, type Toast } from "@office/core";

const COLORS = { success: "green", failure: "red", info: "blue" } as const;

/**
 * Shows a toast of the core catalogue for its own duration. Its close button is named, and its
 * words are in the text's colour: Mantine's dimmed grey is below the contrast a text needs.
 * With `undo`, it offers Undo beside its words and stays long enough to press it
 * (TOAST_MS.undo); pressing it closes the toast and undoes.
 */
export function showToast(toast: Toast, undo?: () => void): void {
  const id = notifications.show({
    color: COLORS[toast.kind],
    title: toast.title,
    message: undo ? (
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
    ) : (
      toast.message
    ),
    autoClose: undo ? TOAST_MS.undo : toast.ms,
    closeButtonProps: { "aria-label": "Close" },
    styles: { description: { color: "var(--mantine-color-text)" } },
  });
}
