import { useWindowEvent } from "@mantine/hooks";
import { useState } from "react";
import { useChunkComponent } from "../services/chunk-component";
import { useLoadWhenSettled } from "../services/load-when-settled";

const loadPalette = () => import("./CommandPalette");
/** The palette for the first Ctrl+K: open before it first renders. */
const loadOpened = async () => {
  const { CommandPalette, openPalette } = await loadPalette();
  openPalette();
  return CommandPalette;
};

/**
 * Ctrl+K (⌘K on a Mac) anywhere in the shell. The palette is no part of what a page shows
 * first, so its chunk (Spotlight with it) loads after the first page has settled (when the
 * browser is idle, a few seconds in), or sooner when it is wanted: pressing Ctrl or ⌘ starts
 * the load, K mounts it open, and from then on the palette's own shortcut opens and closes it.
 */
export function PaletteShortcut() {
  const [wanted, setWanted] = useState(false);
  const CommandPalette = useChunkComponent(loadOpened, wanted);
  useLoadWhenSettled(loadPalette);
  useWindowEvent("keydown", (event) => {
    if (wanted || !(event.ctrlKey || event.metaKey)) return;
    void loadPalette().catch(() => {
      // Only a head start: the K that follows loads it again, and a failure shows there.
    });
    if (event.key.toLowerCase() === "k") {
      event.preventDefault();
      setWanted(true);
    }
  });
  return CommandPalette ? <CommandPalette /> : null;
}
