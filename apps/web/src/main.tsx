import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { reloadForChunk } from "./app/chunk-reload";
import { createRouter } from "./app/router";
import { theme } from "./app/theme";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

// Vite reports a module preload that failed (a deploy replaced the files): reload, once a minute.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForChunk()) event.preventDefault();
});

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <RouterProvider router={createRouter()} />
    </MantineProvider>
  </StrictMode>,
);
