import { describe, expect, it } from "vitest";
import { RECURRENCE, VISIBILITY } from "../lookups/enumerations.js";
import type { CalendarEventRecord } from "../operations/calendar.js";
import { MESSAGES } from "../validation.js";
import { changesOnlyOccurrence, eventFormOf, eventFormProblems, eventInputOf, newEventForm } from "./event-form.js";

const STAND_UP: CalendarEventRecord = {
  eventID: 7,
  eventTitle: "Stand-up",
  eventCategory: 12,
  eventStart: "2026-03-02T09:00",
  eventMinutes: 15,
  eventAllDay: 0,
  eventZone: "America/New_York",
  eventLocation: null,
  eventLink: null,
  eventLinkTarget: 0,
  eventVisibleFor: VISIBILITY.code.attendees,
  eventRecurrence: RECURRENCE.code.weekly,
  eventRecurrenceDays: [1, 3],
  eventRecurrenceUntil: null,
  eventRecurrenceCount: 8,
  eventDescription: null,
  attendees: [4],
  exceptions: [],
  empID: 1,
  mayChange: true,
  mayDelete: true,
};

describe("the event dialog", () => {
  it("starts a new event where the user clicked: a slot, a day, several days", () => {
    expect(newEventForm("2026-03-02T13:30", "2026-03-02T14:00")).toMatchObject({
      startDate: "03/02/2026",
      startTime: "01:30 PM",
      endDate: "03/02/2026",
      endTime: "02:00 PM",
      allDay: false,
      visibleFor: String(VISIBILITY.code.everybody),
    });
    // A day of the month: an hour from 9:00 AM, or the whole day.
    expect(newEventForm("2026-03-02")).toMatchObject({ startTime: "09:00 AM", endTime: "10:00 AM" });
    // FullCalendar's end of days chosen is the day after the last.
    expect(newEventForm("2026-03-02", "2026-03-05", true)).toMatchObject({
      startDate: "03/02/2026",
      endDate: "03/04/2026",
      allDay: true,
    });
    expect(eventInputOf(newEventForm("2026-03-02", "2026-03-05", true))).toMatchObject({
      eventStart: "2026-03-02T00:00",
      eventMinutes: 3 * 1_440,
      eventAllDay: 1,
    });
  });

  it("gives the calls what the dialog holds, on the wall clock, across midnight too", () => {
    const form = { ...newEventForm("2026-03-02T23:00", "2026-03-03T01:30"), title: " Release " };
    expect(eventInputOf(form)).toMatchObject({
      eventTitle: "Release",
      eventStart: "2026-03-02T23:00",
      eventMinutes: 150,
      eventRecurrence: RECURRENCE.code.once,
      eventRecurrenceCount: null,
      eventLocation: null,
    });
  });

  it("opens a series at the occurrence clicked, and gives its rule back as it was", () => {
    const form = eventFormOf(STAND_UP, { start: "2026-03-11T09:00:00-04:00", end: "2026-03-11T09:30:00-04:00" });
    expect(form).toMatchObject({ startDate: "03/11/2026", startTime: "09:00 AM", endTime: "09:30 AM" });
    expect(eventInputOf(form)).toMatchObject({
      eventStart: "2026-03-11T09:00",
      eventMinutes: 30,
      eventRecurrenceDays: [1, 3],
      eventRecurrenceCount: 8,
      eventRecurrenceUntil: null,
      attendees: [4],
      eventCategory: 12,
    });
    expect(eventInputOf(eventFormOf(STAND_UP))).toMatchObject({ eventStart: "2026-03-02T09:00", eventMinutes: 15 });
  });

  it("names each wrong field in the product's words", () => {
    const form = newEventForm("2026-03-02T09:00");
    expect(eventFormProblems({ ...form, title: "Kickoff" })).toEqual({});
    expect(eventFormProblems(form)).toEqual({ title: MESSAGES.required("Title") });
    // A 24-hour time where the 12-hour rule applies.
    expect(eventFormProblems({ ...form, title: "x", startTime: "13:00" })).toEqual({ startTime: MESSAGES.time });
    expect(eventFormProblems({ ...form, title: "x", endDate: "02/30/2026" })).toEqual({
      endDate: MESSAGES.date("End"),
    });
    expect(eventFormProblems({ ...form, title: "x", endTime: "08:00 AM" })).toEqual({
      endDate: MESSAGES.dateRangeOrder,
    });
    // All day: the times are not asked; one day is start = end.
    expect(eventFormProblems({ ...form, title: "x", allDay: true, startTime: "", endTime: "" })).toEqual({});
  });

  it("asks a series for its end, within ten years", () => {
    const series = { ...newEventForm("2026-03-02T09:00"), title: "x", recurrence: String(RECURRENCE.code.daily) };
    expect(eventFormProblems({ ...series, count: "" })).toEqual({
      count: "The number of times is a whole number of at least 1",
    });
    expect(eventFormProblems({ ...series, ends: "until", until: "" })).toEqual({ until: MESSAGES.date("Until") });
    expect(eventFormProblems({ ...series, ends: "until", until: "03/01/2026" })).toEqual({
      until: "The series cannot end before it starts",
    });
    expect(eventFormProblems({ ...series, ends: "until", until: "03/01/2037" })).toEqual({
      until: "A series may run for at most 10 years",
    });
    expect(eventInputOf({ ...series, ends: "until", until: "03/31/2026" })).toMatchObject({
      eventRecurrenceUntil: "2026-03-31",
      eventRecurrenceCount: null,
    });
  });

  it("offers This event only when the edit is of an occurrence's own time and title", () => {
    const before = eventFormOf(STAND_UP);
    expect(changesOnlyOccurrence(before, { ...before, title: "Retro", startTime: "10:00 AM" })).toBe(true);
    expect(changesOnlyOccurrence(before, { ...before, location: "Room 2" })).toBe(false);
    expect(changesOnlyOccurrence(before, { ...before, attendees: [4, 5] })).toBe(false);
  });
});
