import { Alert, type CSSVariablesResolver, createTheme } from "@mantine/core";

/**
 * Mantine's theme with darker shades: the default blue 6 under white text, and its light
 * variants, fall short of WCAG AA contrast (4.5:1), which the accessibility tests hold us to.
 */
export const theme = createTheme({
  primaryShade: 8,
  // Menus, dialogs and toasts appear without their transitions for a user whose system asks
  // for reduced motion (WCAG 2.3.3).
  respectReducedMotion: true,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  components: {
    // An alert's title in its colour's light shade falls short of 4.5:1 too (axe found the
    // green "Last tracking run" once the nightly run had run): the title takes the text's
    // colour, the icon and the tint keep the alert's.
    Alert: Alert.extend({ styles: { title: { color: "var(--mantine-color-text)" } } }),
  },
});

/**
 * The same for two colours Mantine sets apart from the theme: a field's error (red 6 on white
 * is 3.3:1) and dimmed text (gray 6, 3.3:1) take the next shades that reach 4.5:1, in the light
 * scheme and in the dark.
 */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
  },
  // Dark: dimmed text (dark 2 on the dark 7 body is 4.2:1) and errors take lighter shades.
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-error": "var(--mantine-color-red-4)",
  },
});
