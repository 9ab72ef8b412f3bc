import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppRoot } from "./shell/AppRoot";
import { releaseBootShell } from "./shell/boot-shell";
import { reloadForChunk } from "./shell/chunk-reload";
import { createRouter } from "./shell/router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

// Vite reports a module preload that failed (a deploy replaced the files): reload, once a minute.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForChunk()) event.preventDefault();
});

releaseBootShell(root);
startTransition(() => createRoot(root).render(<AppRoot router={createRouter()} />));
