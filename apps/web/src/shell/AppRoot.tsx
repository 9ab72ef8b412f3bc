import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { type DataRouter, RouterProvider } from "react-router";
import { colourSchemeManager } from "../services/colour-scheme";
import { DeferredToasts } from "./DeferredToasts";
import { DevBanner } from "./DevBanner";
import { cssVariables, theme } from "./theme";

/** Everything the app renders, around every route, bare login included: the Dev Version banner of a development build sits here. */
export function AppRoot({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariables}
        colorSchemeManager={colourSchemeManager}
        defaultColorScheme="auto"
      >
        <DeferredToasts />
        <DevBanner />
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>
  );
}
