import { Button, Kbd } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { requestPalette } from "./PaletteShortcut";

/** Ctrl on most keyboards, ⌘ on a Mac's. */
const isMac = () =>
  typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The palette's way in that a person can see: the header's "Search… Ctrl K" (its shortcut said
 * where it works), or on a phone the menu's "Search everything", which no keyboard reaches.
 */
export function PaletteButton({ wide = false }: { wide?: boolean }) {
  const key = isMac() ? "⌘ K" : "Ctrl K";
  if (wide) {
    return (
      <Button variant="default" leftSection={<IconSearch size={16} aria-hidden="true" />} onClick={requestPalette}>
        Search everything
      </Button>
    );
  }
  // The header's: the magnifier and the key cap alone, so the project search keeps its width.
  return (
    <Button
      variant="default"
      size="sm"
      px={8}
      aria-label={`Search pages, records and actions (${key})`}
      title="Search pages, records and actions"
      onClick={requestPalette}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      style={{ flexShrink: 0 }}
    >
      <Kbd size="xs">{key}</Kbd>
    </Button>
  );
}
