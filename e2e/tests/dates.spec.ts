import { expect, test } from "@playwright/test";
import { adminToken, signInWithToken } from "./support.js";

/** MM/DD/YYYY hh:mm am/pm of an instant in a time zone, worked out by the test itself. */
function wallClock(instant: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hour12: true,
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod?.toLowerCase()}`;
}

test("a time the server sends in UTC shows at the company's wall clock (an account's password date)", async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const { timeZone } = await (await request.get("/API/AppConfig/", { headers })).json();
  // staff's account: the sign-in call answers its password's time as UTC ("…Z").
  const { data } = await (await request.get("/API/SignIn/2", { headers })).json();
  expect(data.passwordChangedTS).toMatch(/Z$/);

  await signInWithToken(page, "admin");
  await page.goto("/webapp/employee/de?id=2&tab=sign-in");
  await expect(page.getByText(`Password last set ${wallClock(data.passwordChangedTS, timeZone)}.`)).toBeVisible();
});
