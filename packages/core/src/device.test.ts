import { describe, expect, it } from "vitest";
import { deviceCookie, deviceCookieValue, deviceFromUserAgent, layoutOf } from "./device.js";

describe("the device cookie", () => {
  it("means desktop only for DESKTOP", () => {
    expect(layoutOf("DESKTOP")).toBe("desktop");
    for (const value of ["MOBILE", "desktop", "", undefined, "DESKTOP "]) expect(layoutOf(value)).toBe("mobile");
  });

  it("tells phones and tablets from desktops by user agent", () => {
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156 Safari/537.36";
    expect(deviceFromUserAgent(iphone)).toBe("MOBILE");
    expect(deviceFromUserAgent(android)).toBe("MOBILE");
    expect(deviceFromUserAgent(desktop)).toBe("DESKTOP");
    expect(deviceFromUserAgent(undefined)).toBe("DESKTOP");
  });

  it("is read from a cookie header among others, and kept 7 days", () => {
    expect(deviceCookieValue("a=1; device=MOBILE; b=2")).toBe("MOBILE");
    expect(deviceCookieValue("xdevice=DESKTOP")).toBeUndefined();
    expect(deviceCookieValue("")).toBeUndefined();
    expect(deviceCookie("DESKTOP")).toBe("device=DESKTOP; Max-Age=604800; Path=/; SameSite=Lax");
  });
});
