import { NOTIFICATIONS_SHOWN, type NotificationList } from "../notifications.js";
import { operation } from "./operation.js";

const tag = "Notifications";

/** What concerns the caller (notifications.ts): theirs alone, whoever they are. */
export const NOTIFICATION_OPERATIONS = {
  myNotifications: operation<void, NotificationList>({
    method: "GET",
    path: "/API/Notifications/",
    summary: `The caller's notifications, newest first (the first ${NOTIFICATIONS_SHOWN}), and how many are unread in all.`,
    tag,
    reads: ["notification"],
    changes: [],
  }),
  markNotificationsRead: operation<{ ids?: number[] }, { count: number }>({
    method: "POST",
    path: "/API/Notifications/Read",
    summary:
      "Marks the caller's notifications read: those named, or without `ids` every one. Answers how many were unread.",
    tag,
    reads: [],
    changes: ["notification"],
  }),
} as const;
