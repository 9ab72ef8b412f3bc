import { NOTIFICATION_OPERATIONS as op } from "@office/core";
import { queryOptions } from "@tanstack/react-query";
import { operationQuery } from "../../services/operations";

/**
 * The user's notifications and their unread count: read when the shell opens and again when
 * the tab's live stream says a new one came (availability/live.ts), or one was marked read.
 */
export const notificationsQuery = queryOptions({ ...operationQuery(op.myNotifications), staleTime: 60_000 });

/** How many are unread, for the bell and the inbox's tab. */
export const unreadNotificationsQuery = queryOptions({
  ...notificationsQuery,
  select: (answer) => answer.unread,
});
