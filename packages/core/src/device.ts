import { DEVICE_COOKIE_SECONDS } from "./constants.js";

/** The cookie that picks the layout: DESKTOP means desktop, anything else mobile. */
export const DEVICE_COOKIE = "device";
export type Device = "DESKTOP" | "MOBILE";
export type Layout = "desktop" | "mobile";

// Phones and tablets by the words their browsers put in the user agent.
const HANDHELD = /Mobi|Android|iPhone|iPad|iPod|Tablet|Silk|Kindle|Opera Mini|IEMobile/i;

/** The device a browser is, by its user agent: what the server sets when the cookie is absent. */
export function deviceFromUserAgent(userAgent: string | undefined): Device {
  return userAgent && HANDHELD.test(userAgent) ? "MOBILE" : "DESKTOP";
}

/** The device cookie's value in a Cookie header (or document.cookie), if any. */
export function deviceCookieValue(cookies: string): string | undefined {
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === DEVICE_COOKIE) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

export function layoutOf(value: string | undefined): Layout {
  return value === "DESKTOP" ? "desktop" : "mobile";
}

/** The Set-Cookie (or document.cookie) text for a device, kept 7 days for the whole site. */
export function deviceCookie(device: Device): string {
  return `${DEVICE_COOKIE}=${device}; Max-Age=${DEVICE_COOKIE_SECONDS}; Path=/; SameSite=Lax`;
}
