import { useWindowEvent } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useChunkComponent } from "../services/chunk-component";
import { useLoadWhenSettled } from "../services/load-when-settled";

const loadPalette = () => import("./CommandPalette");

/** What a button that opens the palette sends (the header's "Ctrl K", the phone menu's search). */
const PALETTE_WANTED = "office:palette-wanted";

/** Opens the palette from a button: loaded and opened, as the first Ctrl+K does. */
export function requestPalette() {
  window.dispatchEvent(new Event(PALETTE_WANTED));
}
/** The palette for the first Ctrl+K: open before it first renders. */
const loadOpened = async () => {
  const { CommandPalette, openPalette } = await loadPalette();
  openPalette();
  return CommandPalette;
};

/**
 * Ctrl+K (⌘K on a Mac) anywhere in the shell, or a button that asks for it (`requestPalette`). The palette is no part of what a page shows
 * first, so its chunk (Spotlight with it) loads after the first page has settled (when the
 * browser is idle, a few seconds in), or sooner when it is wanted: pressing Ctrl or ⌘ starts
 * the load, K mounts it open, and from then on the palette's own shortcut opens and closes it.
 */
export function PaletteShortcut() {
  const [wanted, setWanted] = useState(false);
  const CommandPalette = useChunkComponent(loadOpened, wanted);
  // A shell mounted again (after signing in again) finds the chunk loaded already, and
  // loadOpened's opening done: the palette it wanted opens here.
  useEffect(() => {
    if (wanted && CommandPalette) void loadPalette().then(({ openPalette }) => openPalette());
  }, [wanted, CommandPalette]);
  useLoadWhenSettled(loadPalette);
  useWindowEvent(PALETTE_WANTED, () => {
    if (!wanted) setWanted(true);
    else void loadPalette().then(({ openPalette }) => openPalette());
  });
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
