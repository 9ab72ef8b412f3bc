const KEY = "office.token";

/** The session token, kept across reloads of the tab. */
export const tokenStore = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};

/** A time the token states of itself (a JWT NumericDate) in milliseconds, or null when it states none. */
function claimMs(token: string, claim: "exp" | "iat"): number | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const value = (JSON.parse(json) as Record<string, unknown>)[claim];
    return typeof value === "number" ? value * 1000 : null;
  } catch {
    return null;
  }
}

/** The token's own expiry (its JWT `exp`) in milliseconds, or null when it carries none. */
export const tokenExpiry = (token: string) => claimMs(token, "exp");

/** When the token was signed (its JWT `iat`) in milliseconds, or null when it says not. */
export const tokenIssuedAt = (token: string) => claimMs(token, "iat");

/** Whether the token has run out by the browser's clock (a token we cannot read is left to the server). */
export function tokenExpired(token: string, now = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && now >= expiry;
}
