import {
  type AvailabilitySource,
  instantToWall,
  OPERATIONS,
  SCHEDULE_CATEGORY,
  sentCall,
  VISIBILITY,
  wallText,
} from "@office/core";
import { expect, type Page, test } from "@playwright/test";
import { adminToken, openSignedIn, operationCall, query } from "./support.js";

/*
 * Out of office (issue 35): an "Out of office" event for a colleague, made by Alex Morgan
 * through the API, shows in the availability panel as "Out until …" while it lasts. The
 * colleague is the one whose status was set longest ago: an absence that began after their
 * last status wins, so it can begin at once rather than at the next minute (a status set by
 * an earlier test would make it wait).
 */

const MINUTE_MS = 60_000;

const panelOf = (page: Page) => page.getByRole("dialog", { name: "Availability panel" });

test("an out-of-office event for a colleague shows in the availability panel as Out until its end", async ({
  page,
  request,
}) => {
  // An absence that begins after the colleague last set a status (one set later wins).
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const { timeZone } = await (
    await request.get("/API/AppConfig/", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const [sam] = await query<AvailabilitySource>(request, token, {
    table: "vwEmployeeAvailability",
    where: "empAvailabilityTS IS NOT NULL",
    order: "empAvailabilityTS",
    rowLimit: 1,
  });
  if (!sam) throw new Error("no colleague has set a status");
  const set = sam.empAvailabilityTS ? Date.parse(sam.empAvailabilityTS) : 0;
  // The event's start is to the minute: the first whole minute after Sam's last status, or an hour ago.
  const from = Math.ceil((Math.max(Date.now() - 60 * MINUTE_MS, set + 1_000) + 1) / MINUTE_MS) * MINUTE_MS;
  const start = wallText(instantToWall(from, timeZone));
  const { id } = await operationCall<{ id: number }>(
    request,
    sentCall(OPERATIONS.createEvent, {
      eventTitle: "Out of office",
      eventCategory: SCHEDULE_CATEGORY.outOfOffice,
      eventStart: start,
      eventMinutes: 180,
      eventVisibleFor: VISIBILITY.code.attendees,
      attendees: [sam.empID],
    }),
  );
  try {
    await openSignedIn(page, "admin");
    await page.getByRole("button", { name: /availability and settings/ }).hover();
    const panel = panelOf(page);
    await expect(panel.getByRole("table", { name: "Colleagues' availability" })).toBeVisible();
    await panel.getByRole("textbox", { name: "Find a colleague" }).fill(`${sam.empFirstName} ${sam.empLastName}`);
    const row = panel
      .getByRole("table", { name: "Colleagues' availability" })
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: `About ${sam.empLastName}, ${sam.empFirstName}` }) });
    // It ends three hours after it began, on the company's clock: a time today, or a day and a time.
    await expect(row.getByRole("cell").last()).toHaveText(/^Out until (\w{3}, \w{3} \d{1,2}, )?\d\d:\d\d [AP]M$/, {
      timeout: Math.max(10_000, from - Date.now() + 15_000),
    });
    const end = new Date(instantToWall(from + 180 * MINUTE_MS, timeZone));
    const hour = end.getUTCHours() % 12 === 0 ? 12 : end.getUTCHours() % 12;
    await expect(row.getByRole("cell").last()).toContainText(
      `${String(hour).padStart(2, "0")}:${String(end.getUTCMinutes()).padStart(2, "0")} ${end.getUTCHours() < 12 ? "AM" : "PM"}`,
    );
  } finally {
    // Other tests count the colleagues' own statuses.
    await operationCall(request, sentCall(OPERATIONS.removeEvent, { eventID: id }));
  }
});
