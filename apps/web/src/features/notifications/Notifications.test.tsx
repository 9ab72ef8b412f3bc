import { type Notification, OPERATIONS, REQUEST_NOTIFICATION_HREF } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { NotificationsBell } from "./NotificationsBell";

/* Issue 34, people told of decisions: the header's bell, its count and its list. */

const told = (over: Partial<Notification> & Pick<Notification, "notificationID" | "kind">): Notification => ({
  byName: "Alex Morgan",
  noun: null,
  count: 1,
  about: "$120.50 for Site supplies",
  detail: null,
  href: REQUEST_NOTIFICATION_HREF.decided,
  createdTS: new Date(Date.now() - 5 * 60_000).toISOString(),
  readTS: null,
  ...over,
});

/** A fake server keeping a list and marking it read as the server does. */
function withList(list: Notification[]) {
  const api = installFakeApi();
  api.operation(OPERATIONS.myNotifications, () => ({
    data: list,
    unread: list.filter((n) => n.readTS === null).length,
  }));
  api.operation(OPERATIONS.markNotificationsRead, ({ ids }) => {
    let count = 0;
    for (const n of list) {
      if (n.readTS !== null || (ids && !ids.includes(n.notificationID))) continue;
      n.readTS = new Date().toISOString();
      count++;
    }
    return { count };
  });
  return api;
}

describe("the notifications bell", () => {
  it("says how many are unread, lists them in words, and marks them all read", async () => {
    const api = withList([
      told({ notificationID: 3, kind: "requestApproved", detail: "K7M2Q9XP" }),
      told({ notificationID: 2, kind: "requestDenied", detail: "Use the petty cash", href: null }),
      told({
        notificationID: 1,
        kind: "recordRemoved",
        noun: "time notes",
        count: 2,
        about: null,
        href: null,
        readTS: new Date().toISOString(),
      }),
    ]);
    const { user } = renderWithApp(<NotificationsBell />, { api });
    const bell = await screen.findByRole("button", { name: "Notifications: 2 unread notifications" });
    await user.click(bell);
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    const items = within(dialog).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        "Unread: Your card request was approved: code K7M2Q9XP$120.50 for Site supplies5 min ago",
      ),
      expect.stringContaining("Your card request was denied$120.50 for Site supplies · Reason: Use the petty cash"),
      expect.stringMatching(/^Alex Morgan removed 2 of your time notes/),
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(api.callsTo(OPERATIONS.markNotificationsRead.path)).toHaveLength(1));
    expect(api.callsTo(OPERATIONS.markNotificationsRead.path)[0]?.body).toEqual({});
    expect(await screen.findByRole("button", { name: "Notifications: No unread notifications" })).toBeTruthy();
  });

  it("leads where a notification concerns, marking that one read", async () => {
    const api = withList([
      told({
        notificationID: 5,
        kind: "requestWaiting",
        byName: "Sam Taylor",
        href: REQUEST_NOTIFICATION_HREF.waiting,
      }),
      told({ notificationID: 4, kind: "requestApproved", detail: "K7M2Q9XP" }),
    ]);
    const { user, location } = renderWithApp(<NotificationsBell />, { api });
    await user.click(await screen.findByRole("button", { name: /^Notifications: 2 unread/ }));
    await user.click(await screen.findByRole("link", { name: /Sam Taylor asks to use a card/ }));
    expect(location().pathname + location().search).toBe(REQUEST_NOTIFICATION_HREF.waiting);
    await waitFor(() => expect(api.callsTo(OPERATIONS.markNotificationsRead.path)[0]?.body).toEqual({ ids: [5] }));
    expect(await screen.findByRole("button", { name: "Notifications: 1 unread notification" })).toBeTruthy();
  });

  it("says when there is nothing yet, and when the list cannot be read", async () => {
    const { user, unmount } = renderWithApp(<NotificationsBell />, { api: withList([]) });
    await user.click(await screen.findByRole("button", { name: "Notifications: No unread notifications" }));
    expect(await screen.findByText(/Nothing to tell you yet/)).toBeTruthy();
    unmount();

    const failing = installFakeApi();
    failing.fail({ path: OPERATIONS.myNotifications.path }, { status: 500 });
    const again = renderWithApp(<NotificationsBell />, { api: failing });
    await again.user.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("Your notifications could not be read", {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
