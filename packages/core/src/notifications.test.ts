import { describe, expect, it } from "vitest";
import {
  NOTIFICATION_TEXT_MAX,
  notificationLine,
  notificationText,
  notificationTitle,
  REQUEST_NOTIFICATION_HREF,
} from "./notifications.js";
import { findRoute } from "./site.js";

describe("a notification's words", () => {
  const base = { byName: "Alex Morgan", noun: null, count: 1, detail: null, about: "$12.34 for Hotel" };
  it.each([
    [
      { kind: "requestApproved", detail: "K7M2Q9XP" },
      "Your card request was approved: code K7M2Q9XP",
      "$12.34 for Hotel",
    ],
    [{ kind: "requestApproved" }, "Your card request was approved", "$12.34 for Hotel"],
    [
      { kind: "requestDenied", detail: "Use petty cash" },
      "Your card request was denied",
      "$12.34 for Hotel · Reason: Use petty cash",
    ],
    [{ kind: "requestWaiting", byName: "Sam Taylor" }, "Sam Taylor asks to use a card", "$12.34 for Hotel"],
    [
      { kind: "recordChanged", noun: "project", about: "Harbor Bridge" },
      "Alex Morgan changed your project",
      "Harbor Bridge",
    ],
    [
      { kind: "recordRemoved", noun: "time notes", count: 3, about: null },
      "Alex Morgan removed 3 of your time notes",
      "",
    ],
    [{ kind: "recordChanged", byName: null, noun: null, about: null }, "Office changed your record", ""],
  ] as const)("%o reads %s", (over, title, line) => {
    const n = { ...base, ...over };
    expect(notificationTitle(n)).toBe(title);
    expect(notificationLine(n)).toBe(line);
  });

  it("keeps a text on one line, cut where it is too long", () => {
    expect(notificationText("  Fixed\n the   drawings ")).toBe("Fixed the drawings");
    expect(notificationText("")).toBeNull();
    expect(notificationText(null)).toBeNull();
    const long = notificationText("x".repeat(500));
    expect(long).toHaveLength(NOTIFICATION_TEXT_MAX);
    expect(long?.endsWith("…")).toBe(true);
  });

  it("leads a request's notification to pages of the app", () => {
    for (const href of Object.values(REQUEST_NOTIFICATION_HREF))
      expect(findRoute(href.split("?")[0] ?? "")).toBeDefined();
  });
});
