import { type AvailabilitySource, departmentGroups } from "@office/core";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { openSignedIn, query, seriousViolations, tabTo, tokenOf } from "./support.js";

/** Colleagues' availability as the API gives it to a demo account. */
async function colleagues(request: APIRequestContext, username: string) {
  return query<AvailabilitySource>(request, await tokenOf(request, username), { table: "vwEmployeeAvailability" });
}

async function setStatus(request: APIRequestContext, username: string, empID: number, type: string) {
  const response = await request.put("/API/Update/", {
    data: { table: "tblEmployee", where: `empID = ${empID}`, fields: { empAvailabilityType: type }, debug: 0 },
    headers: { authorization: `Bearer ${await tokenOf(request, username)}` },
  });
  expect(response.ok()).toBe(true);
}

const avatarOf = (page: Page) => page.getByRole("button", { name: /availability and settings/ });
const panelOf = (page: Page) => page.getByRole("dialog", { name: "Availability panel" });
const table = (page: Page) => panelOf(page).getByRole("table", { name: "Colleagues' availability" });
const departmentToggle = (page: Page, name: string) =>
  table(page).getByRole("button", { name: new RegExp(`^${name} \\(\\d+\\)$`) });
const personRow = (page: Page, person: Pick<AvailabilitySource, "empFirstName" | "empLastName">) =>
  table(page)
    .getByRole("row")
    .filter({ hasText: `${person.empLastName}, ${person.empFirstName}` });

/** Clicks a status of the switch, as a person clicks its label. */
async function chooseStatus(page: Page, status: string) {
  await panelOf(page).getByRole("radiogroup", { name: "My availability" }).getByText(status, { exact: true }).click();
}

async function openPanel(page: Page) {
  await avatarOf(page).hover();
  await expect(table(page)).toBeVisible();
}

/** The CSS colour a Mantine colour variable stands for on the page. */
const cssColour = (page: Page, variable: string) =>
  page.evaluate((name) => {
    const probe = document.createElement("div");
    probe.style.backgroundColor = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  }, variable);

test("one user's switch to Break shows in another's open panel within 2 seconds, without a reload", async ({
  browser,
  request,
}) => {
  const [sam] = (await colleagues(request, "staff")).filter((p) => p.empID === 2);
  if (!sam) throw new Error("staff is not in the availability list");
  await setStatus(request, "staff", 2, "In");
  const staffContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    const admin = await adminContext.newPage();
    await openSignedIn(staff, "staff");
    await openSignedIn(admin, "admin");
    await admin.evaluate(() => {
      (window as unknown as { unreloaded: boolean }).unreloaded = true;
    });
    await openPanel(admin);
    await departmentToggle(admin, sam.departmentName ?? "").click();
    const row = personRow(admin, sam);
    await expect(row.getByRole("cell").last()).toHaveText("In");

    await openPanel(staff);
    const started = Date.now();
    await chooseStatus(staff, "Break");
    await expect(row.getByRole("cell").last()).toHaveText("Break", { timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(row.getByRole("cell").nth(1)).toHaveText("00:00");
    expect(await admin.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
    // The user's own avatar takes the colour of their status.
    await expect(staff.getByRole("button", { name: /availability and settings \(Break\)/ })).toBeVisible();
  } finally {
    await staffContext.close();
    await adminContext.close();
  }
});

test("groups colleagues by department: the user's own first and expanded, the others collapsed and toggled", async ({
  page,
  request,
}) => {
  const people = await colleagues(request, "staff");
  const groups = departmentGroups(people, 137); // Sam Taylor works in Accounting (137)
  await openSignedIn(page, "staff");
  await openPanel(page);
  const toggles = table(page).getByRole("button", { name: /\(\d+\)$/ });
  await expect(toggles).toHaveText(groups.map((g) => `${g.name} (${g.people.length})`));
  await expect(toggles.first()).toHaveAttribute("aria-expanded", "true");
  for (const toggle of (await toggles.all()).slice(1)) await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Only the own department's people are listed, each as "last, first".
  const [own, other] = groups;
  if (!own || !other) throw new Error("the demo company has fewer than two departments");
  const names = (group: typeof own) => group.people.map((p) => `${p.empLastName}, ${p.empFirstName}`);
  const personRows = table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: /^About / }) });
  await expect(personRows).toHaveCount(own.people.length);
  for (const [i, name] of names(own).entries())
    await expect(personRows.nth(i).getByRole("cell").first()).toHaveText(name);

  await departmentToggle(page, other.name).click();
  await expect(departmentToggle(page, other.name)).toHaveAttribute("aria-expanded", "true");
  await expect(personRows).toHaveCount(own.people.length + other.people.length);
  await departmentToggle(page, own.name).click();
  await expect(personRows).toHaveCount(other.people.length);

  for (const group of groups) {
    await expect(table(page).getByRole("link", { name: `E-mail ${group.name}` })).toHaveAttribute(
      "href",
      `mailto:${group.email}`,
    );
  }
});

test("shows each status in its colour, an empty one as NULL, and the extension and today's hours in a tooltip", async ({
  page,
  request,
}) => {
  const people = await colleagues(request, "admin");
  const administration = departmentGroups(people, 136)[0];
  if (!administration) throw new Error("no department");
  // Someone of each kind in the administrator's own department.
  const [a, b, c, d] = administration.people.filter((p) => p.empID !== 1);
  if (!a || !b || !c || !d) throw new Error("the department is too small");
  await setStatus(request, "admin", a.empID, "In");
  await setStatus(request, "admin", b.empID, "Break");
  await setStatus(request, "admin", c.empID, "Out");
  const admin = await tokenOf(request, "admin");
  // An empty status, as a fresh employee has: no type, no time.
  const cleared = await request.put("/API/Update/", {
    data: { table: "tblEmployee", where: `empID = ${d.empID}`, fields: { empAvailabilityType: null }, debug: 0 },
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(cleared.ok()).toBe(true);

  await openSignedIn(page, "admin");
  await openPanel(page);
  const expected: Array<[typeof a, string, string | null]> = [
    [a, "In", "--mantine-color-green-1"],
    [b, "Break", "--mantine-color-yellow-1"],
    [c, "Out", "--mantine-color-red-1"],
    // Kept as NULL in the data (spec 4), shown as an empty value.
    [d, "—", null],
  ];
  for (const [person, text, shade] of expected) {
    const status = personRow(page, person).getByRole("cell").last();
    await expect(status).toHaveText(text);
    const background = await status.evaluate((cell) => getComputedStyle(cell).backgroundColor);
    expect(background).toBe(shade ? await cssColour(page, shade) : "rgba(0, 0, 0, 0)");
  }

  const info = personRow(page, a).getByRole("button", { name: `About ${a.empLastName}, ${a.empFirstName}` });
  await info.hover();
  const tip = page.getByRole("tooltip");
  await expect(tip).toHaveText(`Ext. ${a.empOfficeExtention} · Today: ${a.todayHours ?? "no office hours"}`);
  // Screen readers hear the same, from the button's description.
  await expect(info).toHaveAccessibleDescription(
    `Ext. ${a.empOfficeExtention} · Today: ${a.todayHours ?? "no office hours"}`,
  );
});

test("the duration is HH:mm since the last change and ticks while the panel is open", async ({ page }) => {
  await openSignedIn(page, "staff");
  await openPanel(page);
  await chooseStatus(page, "Out");
  const row = personRow(page, { empFirstName: "Sam", empLastName: "Taylor" });
  await expect(row.getByRole("cell").last()).toHaveText("Out");
  await expect(row.getByRole("cell").nth(1)).toHaveText("00:00");
  // The browser's clock moves on while the panel's own timer keeps running (and the stream too).
  const changed = await page.evaluate(() => Date.now());
  await page.clock.setFixedTime(changed + 61_000);
  await expect(row.getByRole("cell").nth(1)).toHaveText("00:01");
  await page.clock.setFixedTime(changed + (63 * 60 + 1) * 1_000);
  await expect(row.getByRole("cell").nth(1)).toHaveText("01:03");
});

test("the panel works from the keyboard: focus shows it, Enter goes into it, Escape leaves it, Tab passes it", async ({
  page,
  request,
}) => {
  await setStatus(request, "staff", 2, "In");
  await openSignedIn(page, "staff");
  const avatar = avatarOf(page);
  await tabTo(page, avatar);
  await expect(table(page)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(panelOf(page).getByRole("link", { name: "Settings" })).toBeFocused();
  const inRadio = panelOf(page).getByRole("radio", { name: "In" });
  await tabTo(page, inRadio, 5);
  await page.keyboard.press("ArrowRight");
  await expect(panelOf(page).getByRole("radio", { name: "Break" })).toBeChecked();
  await expect(personRow(page, { empFirstName: "Sam", empLastName: "Taylor" }).getByRole("cell").last()).toHaveText(
    "Break",
  );
  const administration = departmentToggle(page, "Administration");
  await tabTo(page, administration, 60);
  await page.keyboard.press("Enter");
  await expect(administration).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(panelOf(page)).toBeHidden();
  await expect(avatar).toBeFocused();
  // Focus alone shows the panel without trapping anyone in it: Tab goes on to Log out.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(panelOf(page)).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Log out" })).toBeFocused();
  await expect(panelOf(page)).toBeHidden();
});

test("a dropped live connection reconnects by itself and catches up on what it missed", async ({
  page,
  context,
  request,
}) => {
  const streams: string[] = [];
  const lists: number[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/API/Live/") streams.push(r.url());
    if (url.pathname === "/API/Query/" && url.searchParams.get("table") === "vwEmployeeAvailability")
      lists.push(streams.length);
  });
  await setStatus(request, "admin", 1, "In");
  await openSignedIn(page, "staff");
  await openPanel(page);
  await departmentToggle(page, "Administration").click();
  const alex = personRow(page, { empFirstName: "Alex", empLastName: "Morgan" });
  await expect(alex.getByRole("cell").last()).toHaveText("In");
  expect(streams).toHaveLength(1);

  await context.setOffline(true);
  await setStatus(request, "admin", 1, "Out");
  await context.setOffline(false);
  await expect(alex.getByRole("cell").last()).toHaveText("Out", { timeout: 10_000 });
  // It came back on a new stream, and the list was read again after it opened.
  expect(streams.length).toBeGreaterThanOrEqual(2);
  expect(lists.at(-1)).toBeGreaterThanOrEqual(2);
});

test("an employee without permission rows gets the panel without the switch or the table, and no error", async ({
  page,
}) => {
  const live: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/API/Live/") live.push(r.url());
  });
  await openSignedIn(page, "noperm");
  await expect(page).toHaveURL(/\/webapp\/forbidden$/);
  await avatarOf(page).focus();
  await expect(panelOf(page).getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(panelOf(page).getByRole("radiogroup")).toHaveCount(0);
  await expect(panelOf(page).getByRole("table")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /Error|Denied/ })).toHaveCount(0);
  expect(live).toEqual([]);
});

test("a user who is not in the availability list (no view on page 42) gets the table without a switch", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const setView = (view: 0 | 1) =>
    request.put("/API/Update/", {
      data: {
        table: "tblPermission",
        where: "empID = 2 AND permissionPageID = 42",
        fields: { permissionView: view },
        debug: 0,
      },
      headers: { authorization: `Bearer ${admin}` },
    });
  expect((await setView(0)).ok()).toBe(true);
  try {
    await openSignedIn(page, "staff");
    await openPanel(page);
    await expect(panelOf(page).getByRole("radiogroup", { name: "My availability" })).toHaveCount(0);
    await expect(personRow(page, { empFirstName: "Sam", empLastName: "Taylor" })).toHaveCount(0);
    // Listed again, the switch comes with the live change, without a reload.
    expect((await setView(1)).ok()).toBe(true);
    await expect(panelOf(page).getByRole("radiogroup", { name: "My availability" })).toBeVisible({ timeout: 2_000 });
  } finally {
    expect((await setView(1)).ok()).toBe(true);
  }
});

// Here rather than in accessibility.spec.ts: it sets admin's availability, which the live tests above read.
test("the availability panel in every status, the hours tables and the time-note dialog have no serious or critical accessibility violation", async ({
  page,
}) => {
  await openSignedIn(page, "admin");
  const avatar = page.getByRole("button", { name: /availability and settings/ });
  const panel = page.getByRole("dialog", { name: "Availability panel" });
  await avatar.hover();
  for (const status of ["In", "Break", "Out"]) {
    await panel.getByRole("radiogroup", { name: "My availability" }).getByText(status, { exact: true }).click();
    await expect(avatar).toHaveAccessibleName(new RegExp(`\\(${status}\\)$`));
    await expect(panel.getByRole("table", { name: "Colleagues' availability" })).toBeVisible();
    expect(await seriousViolations(page), status).toEqual([]);
  }
  await page.mouse.move(0, 400);
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: /^Logged hours: / }).click();
  await expect(page.getByRole("dialog", { name: "Logged hours" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Project Notes" }).click();
  const notes = page.getByRole("dialog", { name: "Project Notes" });
  await notes.getByRole("button", { name: "Insert" }).click();
  await expect(notes.getByText("Project is required")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
