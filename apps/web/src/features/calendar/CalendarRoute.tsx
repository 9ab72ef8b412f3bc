import { calendarOf } from "@office/core";
import type { ComponentType } from "react";
import { CalendarScreen } from "./CalendarScreen";

/** The page of a calendar's route, built from its declaration (core's CALENDAR_PAGES). */
export function calendarPage(path: string): ComponentType {
  const calendar = calendarOf(path);
  if (!calendar) throw new Error(`no calendar has the route ${path}`);
  return () => <CalendarScreen calendar={calendar} />;
}
