import { type MantineColorScheme, useMantineColorScheme } from "@mantine/core";
import { type Layout, SETTING_OPERATIONS, SETTINGS, type SettingValues, TOASTS } from "@office/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { setDevice, useLayout } from "./device";
import { operationQuery, useOperation } from "./operations";

/** The caller's settings (and the company's for administrators): read once a session, and again after a change. */
export const settingsQuery = queryOptions({
  ...operationQuery(SETTING_OPERATIONS.settings),
  staleTime: Number.POSITIVE_INFINITY,
});

export type Preferences = typeof SETTINGS.preferences.initial & SettingValues;
export type PreferenceField = keyof typeof SETTINGS.preferences.fields;

const preferencesOf = (values: SettingValues | undefined): Preferences =>
  ({ ...SETTINGS.preferences.initial, ...values }) as Preferences;

/**
 * Sets one of the signed-in person's preferences (kept on the server: they follow them to any
 * browser): what the choice changes here (the scheme, the layout) happens at once, then it is
 * saved.
 */
export function useSetPreference() {
  const { setColorScheme } = useMantineColorScheme();
  const { mutate, isPending } = useOperation(SETTING_OPERATIONS.changeSetting, { failed: () => TOASTS.updateFailed });
  const set = useCallback(
    (field: PreferenceField, value: string) => {
      if (field === "colourScheme") setColorScheme(value as MantineColorScheme);
      if (field === "layout" && value !== "auto") setDevice(value === "mobile" ? "MOBILE" : "DESKTOP");
      mutate({ key: "preferences", values: { [field]: value } });
    },
    [mutate, setColorScheme],
  );
  return { set, saving: isPending };
}

/** The signed-in person's preferences as saved, and their setter. */
export function usePreferences() {
  const { data } = useQuery(settingsQuery);
  return { preferences: preferencesOf(data?.personal.preferences), loaded: data !== undefined, ...useSetPreference() };
}

/**
 * The shell applies the preferences when it has them: the colour scheme (Mantine keeps the one
 * applied last in this browser, so the next load paints in it at once), and a layout chosen
 * for every browser (the device cookie, 7 days; "this device's" leaves the cookie alone).
 */
export function useAppliedPreferences() {
  const { data } = useQuery(settingsQuery);
  const { setColorScheme } = useMantineColorScheme();
  const layout = useLayout();
  const preferences = data ? preferencesOf(data.personal.preferences) : undefined;
  const scheme = preferences?.colourScheme;
  const chosenLayout = preferences?.layout as Layout | "auto" | undefined;
  useEffect(() => {
    if (scheme) setColorScheme(scheme as MantineColorScheme);
  }, [scheme, setColorScheme]);
  useEffect(() => {
    if (chosenLayout && chosenLayout !== "auto" && chosenLayout !== layout)
      setDevice(chosenLayout === "mobile" ? "MOBILE" : "DESKTOP");
  }, [chosenLayout, layout]);
}
