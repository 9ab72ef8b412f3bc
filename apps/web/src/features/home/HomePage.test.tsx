import {
  addDays,
  type CalendarOccurrence,
  dateIn,
  dayWindow,
  formatMinutes,
  OPERATIONS,
  PAGES,
  WEEKDAYS,
  weekdayOf,
  zonedIso,
} from "@office/core";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, installFakeApi, permissionsOf } from "../../test/fake-api";
import { renderWithApp, testQueryClient } from "../../test/render";
import { liveStreamOpened } from "../availability/availability-query";
import { markReleaseNotesRead } from "../release-notes/read-notes";
import { greeting, HomePage } from "./HomePage";
import { prefetchHome } from "./home-blocks";

/*
 * Home shows the blocks the user may see, each with figures from its own read, and a state of
 * its own: a block that fails or has nothing says so while the others show theirs.
 */

const ZONE = "America/New_York";
// A Wednesday noon in New York, for every test of the file: the week's blocks need days before
// today in the same week (on a Sunday, the week's first day is today, and a note "earlier this
// week" fell on it).
const NOW = new Date("2026-12-02T17:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
const today = dateIn(NOW, ZONE);
const sunday = addDays(today, -weekdayOf(today));
const at = (day: string, time = "10:00:00") => `${day}T${time}-05:00`;

const NOTES = [
  { projectNotesID: 1, projectName: "Dam", ProjectNotesDesc: null, ProjectNotesMinutes: 90, createdTS: at(today) },
  { projectNotesID: 2, projectName: "Dam", ProjectNotesDesc: "x", ProjectNotesMinutes: 30, createdTS: at(sunday) },
];
const WEEKDAY_HOURS = { empOfficeHoursMo: "9:00 AM - 5:00 PM", empOfficeHoursTu: "9:00 AM - 5:00 PM" };
const HOURS = {
  ...WEEKDAY_HOURS,
  empOfficeHoursWe: "9:00 AM - 5:00 PM",
  empOfficeHoursTh: "9:00 AM - 5:00 PM",
  empOfficeHoursFr: "9:00 AM - 1:00 PM",
  [`empOfficeHours${WEEKDAYS[weekdayOf(today)]}`]: "8:00 AM - 4:00 PM",
};
const PEOPLE = [
  {
    empID: 1,
    empFirstName: "A",
    empLastName: "A",
    empDepartment: 7,
    departmentName: "Sales",
    empAvailabilityType: "In",
  },
  {
    empID: 2,
    empFirstName: "B",
    empLastName: "B",
    empDepartment: 7,
    departmentName: "Sales",
    empAvailabilityType: "In",
  },
  {
    empID: 3,
    empFirstName: "C",
    empLastName: "C",
    empDepartment: 8,
    departmentName: "Design",
    empAvailabilityType: "Out",
  },
  {
    empID: 4,
    empFirstName: "D",
    empLastName: "D",
    empDepartment: 8,
    departmentName: "Design",
    empAvailabilityType: null,
  },
].map((p) => ({ departmentEmail: null, empOfficeExtention: null, todayHours: null, empAvailabilityTS: null, ...p }));
const NOTES_OF_RELEASE = [1, 2, 3, 4].map((id) => ({
  releaseNoteID: id,
  releaseNoteVersion: `0.${id}.0`,
  releaseNoteDate: `2026-11-2${id}`,
  releaseNoteTitle: `Release ${id}`,
  releaseNoteBody: "**Bold** news",
}));
const occurrence = (
  eventID: number,
  title: string,
  start: string,
  end: string,
  more: Partial<CalendarOccurrence> = {},
) => ({
  eventID,
  original: `${today}T${start.slice(0, 5)}`,
  start: at(today, start),
  end: at(today, end),
  allDay: false,
  title,
  eventCategory: null,
  eventLocation: null,
  recurring: false,
  changed: false,
  ...more,
});
const TODAY_EVENTS: CalendarOccurrence[] = [
  // The window's, not the company's day: yesterday's evening.
  occurrence(2, "Dinner", "19:00:00", "20:00:00", {
    start: at(addDays(today, -1), "19:00:00"),
    end: at(addDays(today, -1), "20:00:00"),
  }),
  occurrence(3, "Design review", "14:00:00", "15:00:00", { eventLocation: "Conference Room A" }),
  occurrence(4, "Team stand-up", "09:00:00", "09:15:00", { recurring: true }),
  occurrence(5, "Company holiday", "00:00:00", "00:00:00", { end: at(addDays(today, 1), "00:00:00"), allDay: true }),
];
const RECENT = [
  { projectID: 41, projectName: "Harbor Point", latestStatusName: "Bid", lastActivityTS: at(today), empID: 5 },
];

function homeApi(pending = 3, events: CalendarOccurrence[] = TODAY_EVENTS) {
  const api = installFakeApi();
  api.operation(OPERATIONS.calendarOccurrences, () => ({ data: events }));
  api.user = { ...api.user, empID: 5, empFirstName: "Sam", empDepartment: 8 };
  api.table(
    "vwMyProjectNotes",
    NOTES.map((n) => ({ ...n, empID: 5, projectID: 41, projectNoteCategory: 1 })),
  );
  api.table("vwEmployeeAvailability", PEOPLE);
  api.table("tblReleaseNote", NOTES_OF_RELEASE);
  api.table("vwMyRecentProjects", RECENT);
  api.table("vwMyStuckShipments", [
    {
      shipmentID: 7,
      empID: 5,
      projectID: 41,
      projectName: "Oak Hill Hotel Millwork",
      trackingNumber: "1Z999AA10123456784",
      trackingStatus: "transit",
      stuckReason: "No new scan for 4 business days (Ground allows 3)",
      promisedDate: "2026-11-20",
    },
  ]);
  api.named("myOfficeHours", () => [HOURS]);
  api.named("pendingApprovalCount", () => [{ TotalCount: pending }]);
  api.operation(OPERATIONS.missingReceipts, () => ({ data: [], meta: { TotalRecords: 2 } }));
  return api;
}

const block = (name: string) => screen.findByRole("region", { name });

/** The calls sent, each once, as "METHOD path params body", sorted. */
const sent = (api: FakeApi) =>
  [
    ...new Set(api.calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.params)} ${JSON.stringify(c.body)}`)),
  ].sort();

describe("Home's greeting", () => {
  it("says morning from five, afternoon from noon, and evening from six until five", () => {
    expect([0, 4, 5, 11, 12, 17, 18, 23].map(greeting)).toEqual([
      "Good evening",
      "Good evening",
      "Good morning",
      "Good morning",
      "Good afternoon",
      "Good afternoon",
      "Good evening",
      "Good evening",
    ]);
  });
});

describe("Home", () => {
  beforeEach(() => {
    liveStreamOpened();
    localStorage.clear();
  });

  it("follows the company's clock, not the browser's", async () => {
    // A company whose part of the day is not the browser's now: zones span 26 hours, so one is.
    const hourIn = (zone: string) => Number(zonedIso(new Date(), zone).slice(11, 13));
    const browsers = greeting(new Date().getHours());
    const zone = ["Etc/GMT+12", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Pacific/Kiritimati"].find(
      (candidate) => greeting(hourIn(candidate)) !== browsers,
    ) as string;
    renderWithApp(<HomePage />, { api: homeApi(), config: { timeZone: zone } });
    expect(await screen.findByRole("heading", { level: 1, name: `${greeting(hourIn(zone))}, Sam` })).toBeTruthy();
  });

  it("shows an administrator every block, with the figures of its reads", async () => {
    renderWithApp(<HomePage />, { api: homeApi(), config: { timeZone: ZONE } });
    expect(await screen.findByRole("heading", { level: 1, name: /, Sam$/ })).toBeTruthy();

    const week = await block("My week");
    // Today 01:30 of 8 hours; the week's 02:00 of its office hours, today's 8 among them.
    expect(await within(week).findByText("01:30 of 08:00")).toBeTruthy();
    const weekHours: Record<string, number> = { Su: 0, Mo: 480, Tu: 480, We: 480, Th: 480, Fr: 240, Sa: 0 };
    weekHours[WEEKDAYS[weekdayOf(today)] as string] = 480;
    const expected = Object.values(weekHours).reduce((a, b) => a + b, 0);
    expect(within(week).getByText(`02:00 of ${formatMinutes(expected)}`)).toBeTruthy();
    expect(within(week).getByRole("button", { name: "Log time" })).toBeTruthy();
    // Each day names its detail to the ear and, as a hint kept inside the block, to the eye.
    const days = within(within(week).getByRole("list", { name: "Logged time by day" })).getAllByRole("listitem");
    expect(days.map((d) => d.getAttribute("data-hint"))).toEqual(days.map((d) => d.getAttribute("aria-label")));
    expect(days[0]?.getAttribute("aria-label")).toMatch(/^Sunday/);
    expect(days.map((d) => d.getAttribute("data-align"))).toEqual([
      "start",
      "start",
      "start",
      "center",
      "end",
      "end",
      "end",
    ]);

    const waiting = await block("Waiting for me");
    expect(await within(waiting).findByText("3 pending approvals in your inbox.")).toBeTruthy();
    expect(within(waiting).getByText("2 card receipts are missing.")).toBeTruthy();
    expect(within(waiting).getByRole("link", { name: "Open inbox" }).getAttribute("href")).toBe("/inbox");
    // A parcel of a project of theirs that has stopped moving, with the way to the project.
    expect(await within(waiting).findByText("A parcel of your projects is stuck.")).toBeTruthy();
    expect(within(waiting).getByRole("link", { name: "Oak Hill Hotel Millwork" }).getAttribute("href")).toBe(
      "/project/de?id=41",
    );
    expect(
      within(waiting).getByText("1Z999AA10123456784 · No new scan for 4 business days (Ground allows 3)"),
    ).toBeTruthy();

    const colleagues = await block("Colleagues");
    const design = await within(colleagues).findByRole("row", { name: /^Design/ });
    // The user's own department first: In 0, Break 0, Out 1, and one without a status.
    expect(
      within(design)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["0", "0", "1", "1"]);
    const rows = within(colleagues).getAllByRole("row");
    expect(rows[1]).toBe(design);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "0", "0", "0"]);

    const recent = await block("My recent projects");
    expect((await within(recent).findByRole("link", { name: "Harbor Point" })).getAttribute("href")).toBe(
      "/project/de?id=41",
    );
    expect(within(recent).getByRole("button", { name: "Log time on Harbor Point" })).toBeTruthy();

    const news = await block("What's new");
    // The newest three, each unread.
    const items = await within(news).findAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("link").textContent)).toEqual([
      "Release 4",
      "Release 3",
      "Release 2",
    ]);
    expect(within(news).getAllByText("New")).toHaveLength(3);
  });

  it("marks as unread only the notes newer than the newest one read", async () => {
    renderWithApp(<HomePage />, { api: homeApi(), config: { timeZone: ZONE } });
    const news = await block("What's new");
    await within(news).findByText("Release 4");
    act(() => markReleaseNotesRead(5, [{ releaseNoteID: 3 }]));
    await waitFor(() => expect(within(news).getAllByText("New")).toHaveLength(1));
    expect(within(within(news).getAllByRole("listitem")[0] as HTMLElement).getByText("New")).toBeTruthy();
  });

  it("leaves out what the user may not see: no recent projects without page 2, no Log time without adding notes", async () => {
    const api = homeApi(0);
    api.permissions = permissionsOf({ [PAGES.home]: ["view"] });
    renderWithApp(<HomePage />, { api, config: { timeZone: ZONE } });
    await block("My week");
    expect(await block("Waiting for me")).toBeTruthy();
    expect(await within(await block("Waiting for me")).findByText("Nothing waits for you.")).toBeTruthy();
    expect(await block("Colleagues")).toBeTruthy();
    expect(await block("What's new")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "My recent projects" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Log time/ })).toBeNull();
    expect(api.queries("vwMyRecentProjects")).toHaveLength(0);
    // No calendar (page 39): no Today, and its events are not asked for.
    expect(screen.queryByRole("region", { name: "Today" })).toBeNull();
    expect(api.callsTo("/API/Calendar/Occurrences")).toHaveLength(0);
  });

  it("gives each block its own loading, empty and error state", async () => {
    const api = homeApi();
    api.table("vwMyRecentProjects", []);
    const held = api.hang({ table: "vwEmployeeAvailability" });
    api.fail({ path: "/API/Query/", table: "tblReleaseNote" }, { status: 500, message: "Boom", times: 1 });
    api.fail({ path: "/API/CreditCard/MissingReceipts" }, { status: 500, message: "Boom", times: 1 });
    const { user } = renderWithApp(<HomePage />, { api, config: { timeZone: ZONE } });

    // The inbox count came, the missing receipts did not: the block says so, and asks again.
    const waiting = await block("Waiting for me");
    expect((await within(waiting).findByRole("alert")).textContent).toBe("Could not load waiting for me.");
    await user.click(within(waiting).getByRole("button", { name: "Try again" }));
    expect(await within(waiting).findByText("2 card receipts are missing.")).toBeTruthy();

    const colleagues = await block("Colleagues");
    expect(within(colleagues).getByRole("status", { name: "Loading colleagues" }).getAttribute("aria-busy")).toBe(
      "true",
    );
    expect(within(colleagues).queryByRole("table")).toBeNull();

    const recent = await block("My recent projects");
    expect(await within(recent).findByText(/^No recent project\./)).toBeTruthy();

    const news = await block("What's new");
    expect((await within(news).findByRole("alert")).textContent).toBe("Could not load what's new.");
    // The others show theirs meanwhile.
    expect(await within(await block("My week")).findByText("01:30 of 08:00")).toBeTruthy();
    await user.click(within(news).getByRole("button", { name: "Try again" }));
    expect(await within(news).findByText("Release 4")).toBeTruthy();

    held.release();
    expect(await within(colleagues).findByRole("table", { name: "Colleagues by department" })).toBeTruthy();
  });

  it("has its reads asked for by the route's guard: the calls the page makes, for the blocks the user may see", async () => {
    for (const permissions of [undefined, permissionsOf({ [PAGES.home]: ["view"] })]) {
      const api = homeApi();
      if (permissions) api.permissions = permissions;
      const { unmount } = renderWithApp(<HomePage />, { api, config: { timeZone: ZONE } });
      await block("What's new");
      await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
      const page = sent(api).filter((call) => !call.includes("/API/EmployeeInfo/"));
      unmount();

      api.calls.length = 0;
      await prefetchHome(testQueryClient(), api.permissions);
      await waitFor(() => expect(sent(api)).toEqual(page));
      expect(page.some((call) => call.includes("vwMyRecentProjects"))).toBe(!permissions);
      expect(page.some((call) => call.includes("/API/Calendar/Occurrences"))).toBe(!permissions);
      // How many receipts are missing, not the charges themselves (the inbox lists those).
      expect(page.filter((call) => call.includes("MissingReceipts"))).toEqual([
        `GET /API/CreditCard/MissingReceipts ${JSON.stringify({ rowLimit: "0" })} undefined`,
      ]);
    }
  });
});

describe("Home's Today", () => {
  beforeEach(() => liveStreamOpened());

  const items = async () => {
    const list = await within(await block("Today")).findByRole("list", { name: "Today's events" });
    return within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
  };

  it("lists the day's events the user may see, whole-day first, then by time, each opening the calendar's day on it", async () => {
    const api = homeApi();
    renderWithApp(<HomePage />, { api, config: { timeZone: ZONE } });
    expect(await items()).toEqual([
      "Company holidayAll day",
      "Team stand-up09:00 AM – 09:15 AM",
      "Design review02:00 PM – 03:00 PM · Conference Room A",
    ]);
    const today_ = await block("Today");
    expect(within(today_).getByRole("link", { name: "Team stand-up" }).getAttribute("href")).toBe(
      `/calendar1?view=day&date=${today}&event=4&at=${today}T09%3A00`,
    );
    expect(within(today_).getByRole("link", { name: "Open calendar" }).getAttribute("href")).toBe(
      `/calendar1?view=day&date=${today}`,
    );
    expect(within(today_).queryByRole("link", { name: /more$/ })).toBeNull();
    // The instants the company's day lies within, whatever its zone (the server filters by who may see them).
    const [call] = api.callsTo("/API/Calendar/Occurrences");
    expect(call?.params).toEqual(dayWindow(today));
  });

  it("shows eight, and how many more in the calendar's day view", async () => {
    const many = Array.from({ length: 11 }, (_, i) =>
      occurrence(
        10 + i,
        `Meeting ${i + 1}`,
        `${String(8 + i).padStart(2, "0")}:00:00`,
        `${String(8 + i).padStart(2, "0")}:30:00`,
      ),
    );
    renderWithApp(<HomePage />, { api: homeApi(3, many), config: { timeZone: ZONE } });
    expect(await items()).toHaveLength(8);
    const more = within(await block("Today")).getByRole("link", { name: "3 more" });
    expect(more.getAttribute("href")).toBe(`/calendar1?view=day&date=${today}`);
  });

  it("says when nothing is on, and when the events could not be read", async () => {
    const api = homeApi(3, []);
    const { unmount } = renderWithApp(<HomePage />, { api, config: { timeZone: ZONE } });
    expect(await within(await block("Today")).findByText("Nothing on your calendar today.")).toBeTruthy();
    unmount();

    const failing = homeApi();
    failing.fail({ path: "/API/Calendar/Occurrences" }, { status: 500, message: "Boom", times: 1 });
    const { user } = renderWithApp(<HomePage />, { api: failing, config: { timeZone: ZONE } });
    const today_ = await block("Today");
    expect((await within(today_).findByRole("alert")).textContent).toBe("Could not load today's events.");
    await user.click(within(today_).getByRole("button", { name: "Try again" }));
    expect(await items()).toHaveLength(3);
  });
});
