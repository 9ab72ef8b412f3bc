import {
  type AvailabilitySource,
  type CalendarOccurrence,
  type ColleagueAbsence,
  dayWindow,
  departmentCounts,
  departmentGroups,
  formatMinutes,
  hoursRangesOf,
  LOGGED_NOTE_FIELDS,
  type LoggedNote,
  loggedRangeWhere,
  myWeek,
  type OfficeHours,
  OPERATIONS,
  type PermissionRow,
  type SignedInUser,
  sentCall,
  todaysEvents,
  withAbsences,
} from "@office/core";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  companyToday,
  openSignedIn,
  operationCall,
  pendingApprovalCount,
  pendingApprovalsText,
  query,
  tokenOf,
} from "./support.js";

/*
 * Home as each demo account sees it: only the blocks its permissions allow, with figures that
 * match what the API answers that account (noperm's Home is the "No access yet" page:
 * access.spec.ts). Other tests change notes and statuses meanwhile, so
 * each figure is compared with a fresh answer until the two agree.
 */

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: "GET" | "POST",
  path: string,
  data?: unknown,
) {
  const headers = { authorization: `Bearer ${token}` };
  const response =
    method === "GET" ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

async function myWeekOf(request: APIRequestContext, token: string) {
  const today = await companyToday(request);
  const notes = await query<LoggedNote>(request, token, {
    table: "vwMyProjectNotes",
    fields: LOGGED_NOTE_FIELDS.join(","),
    where: loggedRangeWhere(hoursRangesOf(today).week),
  });
  const hours = await call<{ data: OfficeHours[] }>(request, token, "POST", "/API/ExecuteQuery/", {
    query: "myOfficeHours",
  });
  return myWeek(notes, today, hours.data[0] ?? {});
}

const against = (logged: number, expected: number | null) =>
  expected ? `${formatMinutes(logged)} of ${formatMinutes(expected)}` : formatMinutes(logged);
const region = (page: Page, name: string) => page.getByRole("region", { name });

for (const username of ["admin", "staff"] as const) {
  test(`${username}'s Home shows the blocks ${username} may see, with the API's figures`, async ({ page, request }) => {
    const token = await tokenOf(request, username);
    const permissions = (await call<{ data: PermissionRow[] }>(request, token, "GET", "/API/Permissions/")).data;
    const [me] = (await call<{ data: SignedInUser[] }>(request, token, "GET", "/API/EmployeeInfo/")).data;
    const mayView = (page: number) => permissions.some((p) => p.permissionPageID === page && p.permissionView === 1);
    await openSignedIn(page, username);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`, ${me?.empFirstName}$`));

    const week = region(page, "My week");
    await expect
      .poll(async () => {
        const expected = await myWeekOf(request, token);
        const shown = await week.getByText(/ of |^\d\d:\d\d$/).allTextContents();
        return (
          shown.slice(0, 2).join(" | ") ===
          [
            against(expected.today.logged, expected.today.expected),
            against(expected.logged, expected.expected || null),
          ].join(" | ")
        );
      })
      .toBe(true);

    await expect
      .poll(async () =>
        (await region(page, "Waiting for me").textContent())?.includes(
          (await pendingApprovalCount(request, username)) === 0
            ? "Nothing waits for you."
            : `${pendingApprovalsText(await pendingApprovalCount(request, username))} in your inbox.`,
        ),
      )
      .toBe(true);

    const colleagues = region(page, "Colleagues");
    await expect
      .poll(async () => {
        const people = await query<AvailabilitySource>(request, token, { table: "vwEmployeeAvailability" });
        // Those out of office count as Out: the list's rows with their absences, as the web app reads them.
        const sent = sentCall(OPERATIONS.colleaguesOutOfOffice, {});
        const absences = (await operationCall<{ data: ColleagueAbsence[] }>(request, sent, token)).data;
        const listed = withAbsences(people, absences);
        const [own] = departmentCounts(departmentGroups(listed, me?.empDepartment));
        const cells = await colleagues.getByRole("row").nth(1).getByRole("cell").allTextContents();
        const header = await colleagues.getByRole("row").nth(1).getByRole("rowheader").textContent();
        return [header, ...cells.slice(0, 3)].join(",") === [own?.name, own?.In, own?.Break, own?.Out].join(",");
      })
      .toBe(true);

    // Today: the company day's events the server gives this account (visibility is the server's), in Home's order.
    const today = region(page, "Today");
    await expect(today).toHaveCount(mayView(39) ? 1 : 0);
    if (mayView(39))
      await expect
        .poll(async () => {
          const day = await companyToday(request);
          const { data } = await operationCall<{ data: CalendarOccurrence[] }>(
            request,
            sentCall(OPERATIONS.calendarOccurrences, dayWindow(day)),
            token,
          );
          const { entries } = todaysEvents(data, day);
          if (entries.length === 0) return (await today.textContent())?.includes("Nothing on your calendar today.");
          const titles = await today.getByRole("listitem").getByRole("link").allTextContents();
          return titles.join(" | ") === entries.map((entry) => entry.title).join(" | ");
        })
        .toBe(true);

    // The recent projects are the status dashboard's (page 2): a block only where it opens.
    await expect(region(page, "What's new")).toBeVisible();
    await expect(region(page, "My recent projects")).toHaveCount(mayView(2) ? 1 : 0);
  });
}

test("a day's hint shows on hover and Escape puts it away (WCAG 1.4.13)", async ({ page }) => {
  await openSignedIn(page, "staff");
  const days = region(page, "My week").getByRole("list", { name: "Logged time by day" }).getByRole("listitem");
  const hintOf = (at: number) => days.nth(at).evaluate((day) => getComputedStyle(day, "::after").display);
  await days.nth(0).hover();
  await expect.poll(() => hintOf(0)).toBe("block");
  await page.keyboard.press("Escape");
  await expect.poll(() => hintOf(0)).toBe("none");
  // Moving within the day keeps it away; the next day the pointer reaches shows its own.
  await days.nth(0).hover({ position: { x: 4, y: 4 } });
  await expect.poll(() => hintOf(0)).toBe("none");
  await days.nth(1).hover();
  await expect.poll(() => hintOf(1)).toBe("block");
});
