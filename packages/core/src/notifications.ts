/**
 * What concerns one person, told to them (issue 34, docs/decisions.md#notifications): their
 * card request decided, a request waiting for their decision, a record of theirs changed or
 * removed by someone else. The server writes one in the transaction of what it tells; every
 * open tab of its person hears of it on the live stream and reads its list again.
 */
export const NOTIFICATION_KINDS = [
  "requestApproved",
  "requestDenied",
  "requestWaiting",
  "recordChanged",
  "recordRemoved",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a request's notification leads: the inbox, on the requester's own requests once decided. */
export const REQUEST_NOTIFICATION_HREF = { waiting: "/inbox", decided: "/inbox?tab=mine" } as const;

/** The newest shown at once; older ones stay counted while unread. */
export const NOTIFICATIONS_SHOWN = 50;
/** The most marked read by one call. */
export const NOTIFICATIONS_MARKED_AT_ONCE = 500;
/** The longest `about` and `detail` kept: a note's text is cut there. */
export const NOTIFICATION_TEXT_MAX = 200;

/** A notification as its person reads it. */
export interface Notification {
  notificationID: number;
  kind: NotificationKind;
  /** Who did it: null for the system, or for an employee since removed. */
  byName: string | null;
  /** What kind of record a change reached, as many as `count` ("time note", "time notes"). */
  noun: string | null;
  count: number;
  /** What it is about: a request's amount and purpose, a record's name. */
  about: string | null;
  /** A request's approval code, or the reason it was denied. */
  detail: string | null;
  /** Where it leads, an address of the app (`/inbox`, `/project/de?id=12`), or none. */
  href: string | null;
  createdTS: string;
  readTS: string | null;
}

export interface NotificationList {
  data: Notification[];
  /** All unread, shown or not. */
  unread: number;
}

const yours = (count: number, noun: string) => (count === 1 ? `your ${noun}` : `${count} of your ${noun}`);

/** A notification's headline, as the list and a toast say it. */
export function notificationTitle(n: Pick<Notification, "kind" | "byName" | "noun" | "count" | "detail">): string {
  const who = n.byName ?? "Office";
  const noun = n.noun ?? (n.count === 1 ? "record" : "records");
  switch (n.kind) {
    case "requestApproved":
      return n.detail ? `Your card request was approved: code ${n.detail}` : "Your card request was approved";
    case "requestDenied":
      return "Your card request was denied";
    case "requestWaiting":
      return `${who} asks to use a card`;
    case "recordChanged":
      return `${who} changed ${yours(n.count, noun)}`;
    case "recordRemoved":
      return `${who} removed ${yours(n.count, noun)}`;
  }
}

/** The line beneath: what it is about, and a denial's reason. */
export function notificationLine(n: Pick<Notification, "kind" | "about" | "detail">): string {
  if (n.kind === "requestDenied" && n.detail) return [n.about, `Reason: ${n.detail}`].filter(Boolean).join(" · ");
  return n.about ?? "";
}

/** Cuts a text to what a notification keeps, on one line. */
export function notificationText(text: unknown): string | null {
  if (text === null || text === undefined) return null;
  const line = String(text).replace(/\s+/g, " ").trim();
  if (!line) return null;
  return line.length > NOTIFICATION_TEXT_MAX ? `${line.slice(0, NOTIFICATION_TEXT_MAX - 1)}…` : line;
}
