import { OPERATIONS, sentCall } from "@office/core";
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import {
  companyToday,
  navigateInApp,
  openSignedIn,
  operationCall,
  plusDays,
  seriousViolations,
  us,
  weekday,
} from "./support.js";

/*
 * The company calendar (/calendar1): events made in its dialog, seen by whom they are for in
 * every view, an occurrence of a series changed alone or with those after it.
 */

/** The Monday two to three weeks ahead: a week of its own, away from today's events. */
async function aMonday(request: APIRequestContext) {
  const today = await companyToday(request);
  return plusDays(today, 14 + ((8 - weekday(today)) % 7));
}

const dialog = (page: Page) => page.getByRole("dialog", { name: /event/i });
/** The events of the calendar shown (the agenda's list items are buttons named by time and title). */
const agendaRows = (page: Page, title: string) =>
  page.locator(".office-calendar").getByRole("button").filter({ hasText: title });

async function createThroughApi(request: APIRequestContext, body: Record<string, unknown>) {
  return (await operationCall<{ id: number }>(request, sentCall(OPERATIONS.createEvent, body))).id;
}

/** A signed-in phone: the device cookie set to the mobile layout, a phone's screen. */
async function phoneOf(browser: Browser, username: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openSignedIn(page, username, "/webapp/settings");
  await context.addCookies([{ name: "device", value: "MOBILE", url: page.url() }]);
  return { page, context };
}

test("admin makes a weekly event with staff attending; staff sees it in month and week, and on a phone's agenda", async ({
  page,
  request,
  browser,
}) => {
  const monday = await aMonday(request);
  const title = `Design sync ${Date.now()}`;
  await openSignedIn(page, "admin", `/webapp/calendar1?view=week&date=${monday}`);
  await page.getByRole("button", { name: "New event" }).click();
  const form = dialog(page);
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Start date").fill(us(monday));
  await form.getByLabel("Start time").fill("09:00 AM");
  await form.getByLabel("End date").fill(us(monday));
  await form.getByLabel("End time").fill("09:30 AM");
  await form.getByLabel("Recurrence").selectOption({ label: "Weekly" });
  await form.getByLabel("Times").fill("3");
  await form.getByRole("textbox", { name: "Add an attendee" }).fill("Taylor");
  await page.getByRole("option", { name: "Taylor, Sam" }).click();
  await expect(form.getByRole("listitem").filter({ hasText: "Taylor, Sam" })).toBeVisible();
  await form.getByRole("button", { name: "Insert" }).click();
  await expect(page.getByText("Record inserted successfully!")).toBeVisible();
  await expect(page.locator(".office-calendar").getByText(title)).toBeVisible();

  await openSignedIn(page, "staff", `/webapp/calendar1?view=month&date=${monday}`);
  await expect(page.locator(".office-calendar").getByText(title)).toHaveCount(3);
  await page.getByRole("radiogroup", { name: "View" }).getByText("Week", { exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.locator(".office-calendar").getByText(title)).toHaveCount(1);

  const phone = await phoneOf(browser, "staff");
  await phone.page.goto(`/webapp/calendar1?date=${plusDays(monday, 7)}`);
  await expect(phone.page.getByRole("radio", { name: "Agenda" })).toBeChecked();
  await expect(agendaRows(phone.page, title)).toHaveCount(1);
  await phone.context.close();
});

test("an occurrence changed alone moves alone; changed with those after it, the earlier ones stay", async ({
  page,
  request,
}) => {
  const monday = await aMonday(request);
  const title = `Site walk ${Date.now()}`;
  await createThroughApi(request, {
    eventTitle: title,
    eventStart: `${monday}T09:00`,
    eventMinutes: 60,
    eventRecurrence: 2,
    eventRecurrenceCount: 4,
  });
  await openSignedIn(page, "admin", `/webapp/calendar1?view=agenda&date=${monday}`);
  await expect(agendaRows(page, title)).toHaveCount(4);

  // This event: the second occurrence at 11:00 AM, the others still at 9.
  await agendaRows(page, title).nth(1).click();
  const form = dialog(page);
  await expect(form.getByLabel("Start time")).toHaveValue("09:00 AM");
  await form.getByLabel("Start time").fill("11:00 AM");
  await form.getByLabel("End time").fill("12:00 PM");
  await form.getByRole("button", { name: "Update" }).click();
  const scope = page.getByRole("dialog", { name: "Change recurring event" });
  await expect(scope.getByRole("radio", { name: "This event" })).toBeChecked();
  await scope.getByRole("button", { name: "Change" }).click();
  await expect(page.getByText("Record updated successfully!")).toBeVisible();
  await expect(agendaRows(page, title).nth(1)).toContainText("11am – 12pm");
  for (const other of [0, 2, 3]) await expect(agendaRows(page, title).nth(other)).toContainText("9 – 10am");

  // This and following, from the third: the first two keep the old title.
  await agendaRows(page, title).nth(2).click();
  await form.getByLabel("Title").fill(`${title} (new route)`);
  await form.getByRole("button", { name: "Update" }).click();
  await expect(scope).toContainText("No occurrence from this one on was changed on its own.");
  await scope.getByRole("radio", { name: "This and following events" }).check();
  await scope.getByRole("button", { name: "Change" }).click();
  await expect(agendaRows(page, `${title} (new route)`)).toHaveCount(2);
  await expect(agendaRows(page, title)).toHaveCount(4);
  await expect(agendaRows(page, title).nth(0)).not.toContainText("new route");
  await expect(agendaRows(page, title).nth(1)).not.toContainText("new route");
});

test("staff does not see an event for its attendees they are not among", async ({ page, request }) => {
  const monday = await aMonday(request);
  const stamp = Date.now();
  await createThroughApi(request, {
    eventTitle: `Board meeting ${stamp}`,
    eventStart: `${monday}T14:00`,
    eventMinutes: 60,
    eventVisibleFor: 1,
  });
  const townHall = await createThroughApi(request, {
    eventTitle: `Town hall ${stamp}`,
    eventStart: `${monday}T15:00`,
    eventMinutes: 60,
    eventVisibleFor: 2,
  });
  await openSignedIn(page, "staff", `/webapp/calendar1?view=day&date=${monday}`);
  await expect(page.locator(".office-calendar").getByText(`Town hall ${stamp}`)).toBeVisible();
  await expect(page.locator(".office-calendar").getByText(`Board meeting ${stamp}`)).toHaveCount(0);
  // Staff only views the calendar: no New event; a link to an event (Home's, the palette's) opens it, read-only.
  await expect(page.getByRole("button", { name: "New event" })).toHaveCount(0);
  await page.goto(`/webapp/calendar1?view=day&date=${monday}&event=${townHall}&at=${monday}T15:00`);
  await expect(dialog(page).getByLabel("Title")).toHaveValue(`Town hall ${stamp}`);
  await expect(dialog(page).getByRole("button", { name: "Update" })).toHaveCount(0);
  await expect(page).not.toHaveURL(/event=/);
  await page.keyboard.press("Escape");

  // Subscribe: a private address whose feed holds what staff may see, and nothing else.
  await page.getByRole("button", { name: "Subscribe" }).click();
  const subscribe = page.getByRole("dialog", { name: "Subscribe to your calendar" });
  await subscribe.getByRole("button", { name: /Make (my|a new) address/ }).click();
  const address = subscribe.getByLabel("Your calendar address");
  await expect(address).toHaveValue(/\.ics$/);
  const feed = await request.get(await address.inputValue());
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const text = await feed.text();
  expect(text).toContain(`Town hall ${stamp}`);
  expect(text).not.toContain(`Board meeting ${stamp}`);
});

test("the month, the week, the day and the agenda pass axe in light and in dark, with this week's demo events", async ({
  page,
  request,
}) => {
  const today = await companyToday(request);
  await openSignedIn(page, "admin", "/webapp/settings");
  const found: string[] = [];
  for (const view of ["month", "week", "day", "agenda"]) {
    await navigateInApp(page, `/webapp/calendar1?view=${view}&date=${today}`);
    await expect(page.locator('.office-calendar[aria-busy="false"]')).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expect.poll(() => page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(colorScheme);
      found.push(...(await seriousViolations(page)).map((v) => `${view} (${colorScheme}): ${v}`));
    }
  }
  expect(found).toEqual([]);
});

test("a week shown reads the weeks before and after it ahead, so Previous and Next draw at once", async ({
  page,
  request,
}) => {
  const monday = await aMonday(request);
  // The week of `monday` runs from the Sunday before it; its neighbours start 7 days either side.
  const readOf = (sunday: string) =>
    page.waitForRequest((sent) => {
      const url = new URL(sent.url());
      return (
        url.pathname === OPERATIONS.calendarOccurrences.path && (url.searchParams.get("from") ?? "").startsWith(sunday)
      );
    });
  const aheadRead = Promise.all([plusDays(monday, -8), plusDays(monday, 6)].map(readOf));
  await openSignedIn(page, "admin", `/webapp/calendar1?view=week&date=${monday}`);
  await expect(page.locator('.office-calendar[aria-busy="false"]')).toBeVisible();
  await aheadRead;
});

test.describe("in a browser on Tokyo's clock", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("the calendar keeps the company's days and hours", async ({ page, request }) => {
    const monday = await aMonday(request);
    const title = `Late review ${Date.now()}`;
    // 23:30 at the company is the next afternoon in Tokyo: it must stay on Monday, at 11:30pm.
    await createThroughApi(request, { eventTitle: title, eventStart: `${monday}T23:30`, eventMinutes: 30 });
    await openSignedIn(page, "admin", `/webapp/calendar1?view=week&date=${monday}`);
    const event = page.locator(`.office-calendar [data-date="${monday}"][role="cell"]`).getByRole("button", {
      name: new RegExp(title),
    });
    await expect(event).toContainText("11:30pm – 12am");
    await expect(page.locator(`.office-calendar [data-date="${plusDays(monday, 1)}"]`).getByText(title)).toHaveCount(0);
  });
});

test("a drag moves an event and a pull on its end lengthens it; a series' drag asks which occurrences", async ({
  page,
  request,
}) => {
  // Friday afternoon and Wednesday evening of the week: hours the other tests of the week leave free.
  const monday = await aMonday(request);
  const [wednesday, friday] = [plusDays(monday, 2), plusDays(monday, 4)];
  const stamp = Date.now();
  const once = await createThroughApi(request, {
    eventTitle: `Walkthrough ${stamp}`,
    eventStart: `${friday}T13:00`,
    eventMinutes: 60,
  });
  await createThroughApi(request, {
    eventTitle: `Check-in ${stamp}`,
    eventStart: `${wednesday}T17:00`,
    eventMinutes: 30,
    eventRecurrence: 2,
    eventRecurrenceCount: 3,
  });
  await openSignedIn(page, "admin", `/webapp/calendar1?view=week&date=${monday}`);
  const calendar = page.locator(".office-calendar");
  const event = calendar.getByRole("button", { name: new RegExp(`Walkthrough ${stamp}`) });
  await expect(event).toContainText("1 – 2pm");
  const recorded = (eventID: number) => operationCall(request, sentCall(OPERATIONS.calendarEvent, { eventID }));
  /** A press on the element at a height of its box, moved down `dy` in steps, released. */
  const drag = async (element: Locator, at: number, dy: number) => {
    await element.evaluate((node) => node.scrollIntoView({ block: "center" }));
    const box = await element.boundingBox();
    if (!box) throw new Error("the event is not drawn");
    const [x, y] = [box.x + box.width / 2, box.y + box.height * at];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + dy / 2, { steps: 5 });
    await page.mouse.move(x, y + dy, { steps: 5 });
    await page.mouse.up();
    return box;
  };

  // Two hours later: an hour is the height of the hour-long event.
  const hour = (await event.boundingBox())?.height ?? 0;
  expect(hour).toBeGreaterThan(10);
  await drag(event, 1 / 3, 2 * hour);
  await expect(event).toContainText("3 – 4pm");
  await expect.poll(async () => (await recorded(once)).eventStart).toBe(`${friday}T15:00`);

  // Its end pulled an hour on: the handle shows on hover at the event's foot.
  await event.hover();
  await drag(event, 1 - 2 / hour, hour);
  await expect(event).toContainText("3 – 5pm");
  await expect.poll(async () => (await recorded(once)).eventMinutes).toBe(120);

  // A series' occurrence dragged: the question, then This event moves that one alone.
  const checkIns = calendar.getByRole("button", { name: new RegExp(`Check-in ${stamp}`) });
  await expect(checkIns).toHaveCount(3);
  await drag(checkIns.nth(1), 1 / 2, hour);
  const scope = page.getByRole("dialog", { name: "Change recurring event" });
  await scope.getByRole("radio", { name: "This event" }).check();
  await scope.getByRole("button", { name: "Change" }).click();
  await expect(checkIns.nth(1)).toContainText("6 – 6:30pm");
  for (const other of [0, 2]) await expect(checkIns.nth(other)).toContainText("5 – 5:30pm");
});
