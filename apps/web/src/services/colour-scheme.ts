import { localStorageColorSchemeManager } from "@mantine/core";

/**
 * The colour scheme (docs/decisions.md#colour-scheme): light, dark, or the system's ("auto",
 * the default). Each person's choice is a preference kept on the server (services/
 * preferences.ts); the scheme applied last is kept in this browser, so the next page load (the
 * login page included) starts in it rather than flashing light first.
 */
export const COLOUR_SCHEME_KEY = "office.colorScheme";
export const colourSchemeManager = localStorageColorSchemeManager({ key: COLOUR_SCHEME_KEY });
