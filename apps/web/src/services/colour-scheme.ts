import { localStorageColorSchemeManager, type MantineColorScheme, useMantineColorScheme } from "@mantine/core";
import { useCallback, useEffect } from "react";

/**
 * The colour scheme (docs/decisions.md#colour-scheme): light, dark, or the system's ("auto",
 * the default). Each user's choice is kept in this browser under their own key; the scheme
 * applied last is kept too, so the next page load (the login page included) starts in it
 * rather than flashing light first.
 */
export const COLOUR_SCHEME_KEY = "office.colorScheme";
export const colourSchemeManager = localStorageColorSchemeManager({ key: COLOUR_SCHEME_KEY });

const userKey = (empID: number) => `${COLOUR_SCHEME_KEY}.${empID}`;
const SCHEMES: readonly MantineColorScheme[] = ["light", "dark", "auto"];

export function storedScheme(empID: number): MantineColorScheme {
  try {
    const value = localStorage.getItem(userKey(empID));
    return SCHEMES.find((scheme) => scheme === value) ?? "auto";
  } catch {
    return "auto";
  }
}

/** The signed-in user's scheme, applied when the shell knows who they are, and its setter for Settings. */
export function useUserColourScheme(empID: number | undefined) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (empID !== undefined) setColorScheme(storedScheme(empID));
  }, [empID, setColorScheme]);
  const choose = useCallback(
    (scheme: MantineColorScheme) => {
      if (empID === undefined) return;
      try {
        localStorage.setItem(userKey(empID), scheme);
      } catch {
        // A browser that keeps nothing keeps the scheme until the page is left.
      }
      setColorScheme(scheme);
    },
    [empID, setColorScheme],
  );
  return { scheme: colorScheme, choose };
}
