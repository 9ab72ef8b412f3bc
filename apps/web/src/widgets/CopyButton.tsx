import { ActionIcon } from "@mantine/core";
import { TOASTS } from "@office/core";
import { IconCopy } from "@tabler/icons-react";
import { showToast } from "../services/toast";

// The clipboard is there only in a secure context (https, or localhost) and may be refused.
export async function copyToClipboard(value: string) {
  try {
    await navigator.clipboard.writeText(value);
    showToast(TOASTS.copied(value));
  } catch {
    showToast(TOASTS.copyFailed(value));
  }
}

/** A visible way to copy a value (a record's id, an approval code), named for what it copies. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <ActionIcon
      variant="subtle"
      size="sm"
      aria-label={label}
      title={`Copy ${value}`}
      onClick={() => void copyToClipboard(value)}
    >
      <IconCopy size={14} aria-hidden="true" />
    </ActionIcon>
  );
}
