const KEY = "office.token";

/** The session token, kept across reloads of the tab. */
export const tokenStore = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};

/** The token's own expiry (its JWT `exp`) in milliseconds, or null when it carries none. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Whether the token has run out by the browser's clock (a token we cannot read is left to the server). */
export function tokenExpired(token: string, now = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && now >= expiry;
}
