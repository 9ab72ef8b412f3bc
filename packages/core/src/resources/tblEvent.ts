import { LOOKUP_GROUPS } from "../lists.js";
import { HYPERLINK_TARGETS, RECURRENCES, VISIBILITY, VISIBLE_FOR } from "../lookups/enumerations.js";
import { PAGES } from "../pages.js";
import { col } from "./column.js";
import { pageAccess, resource } from "./resource.js";

/**
 * The company calendar's events (page 39; docs/decisions.md#recurrence): once, or a series kept
 * as its zone's wall-clock start and its rule, expanded on the server for the range a view asks.
 * Read here like any table, each caller seeing only the events visible to them (`visibleTo`);
 * written by the calendar's own calls, which keep a series, its attendees and its exceptions
 * together.
 */
export const tblEvent = resource({
  name: "tblEvent",
  kind: "table",
  key: "eventID",
  // Page 39's flags: whoever has add creates events, change and delete reach everyone's (a
  // creator always reaches their own: the calendar's calls).
  access: pageAccess(PAGES.calendar),
  writtenBy: "the calendar's own calls",
  order: ["eventFrom"],
  // An Attendees event is its attendees' and its creator's alone, on every path that reads it.
  visibleTo: {
    column: "eventVisibleFor",
    everybody: VISIBILITY.code.everybody,
    author: "empID",
    members: { table: "tblEventAttendee", key: "eventID", member: "empID" },
  },
  columns: {
    eventID: col.id({ label: "ID" }),
    eventTitle: col.text(200, { searchable: true, label: "Title", rules: ["required"] }),
    eventCategory: col.lookup(LOOKUP_GROUPS.scheduleCategories, { nullable: true, label: "Category" }),
    // The first start, on the clock of the event's zone ("2026-03-02T09:00").
    eventStart: col.text(16, { label: "Start" }),
    eventMinutes: col.integer({ label: "Minutes" }),
    eventAllDay: col.flag({ optional: true, label: "All day", initial: "0" }),
    eventZone: col.text(64, { label: "Time zone" }),
    eventLocation: col.text(200, { nullable: true, searchable: true, label: "Location" }),
    eventLink: col.text(500, { nullable: true, label: "Link", rules: ["url"] }),
    eventLinkTarget: col.choice(HYPERLINK_TARGETS, { optional: true, label: "Open link in" }),
    eventVisibleFor: col.choice(VISIBLE_FOR, { optional: true, label: "Visible for" }),
    eventRecurrence: col.choice(RECURRENCES, { optional: true, label: "Recurrence" }),
    eventRecurrenceDays: col.text(20, { nullable: true, label: "Days" }),
    eventRecurrenceUntil: col.date({ nullable: true, label: "Until" }),
    eventRecurrenceCount: col.integer({ nullable: true, label: "Times" }),
    eventDescription: col.text(4000, { nullable: true, searchable: true, multiline: true, label: "Description" }),
    eventFrom: col.timestamp({ label: "From" }),
    eventTo: col.timestamp({ label: "To" }),
    empID: col.owner({ nullable: true }),
    createdTS: col.now(),
  },
});
