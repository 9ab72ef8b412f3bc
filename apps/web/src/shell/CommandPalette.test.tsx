import { addDays, dateIn, PAGES, RECURRENCE, SETTING_OPERATIONS } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { liveStreamOpened } from "../features/availability/availability-query";
import { permissionsOf } from "../test/fake-api";
import { renderWithApp } from "../test/render";
import { PaletteButton } from "./PaletteButton";
import { PaletteShortcut } from "./PaletteShortcut";

/*
 * The command palette offers only what the user may open: pages by their rights, New where
 * they may add, records of the areas they may view, found on the server as they type.
 */

const VENDORS = [
  { vendorID: 4, vendorName: "Bolt Supply", vendorActive: 1 },
  { vendorID: 5, vendorName: "Acme Bolts", vendorActive: 1 },
  { vendorID: 6, vendorName: "Nuts Inc", vendorActive: 1 },
];
// Staff as the demo company has them: vendors to view, no shipping companies, notes to add.
const STAFF = permissionsOf({
  [PAGES.home]: ["view"],
  [PAGES.vendors]: ["view"],
  [PAGES.notes]: ["view", "add"],
  [PAGES.availabilityList]: ["view"],
});

const palette = () => screen.findByRole("dialog");
const options = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole("button")
    .map((b) => b.textContent ?? "");

// Events a week on, and over a week ago, in the company's zone (the fake compares instants as text).
const ZONE = "America/New_York";
const today = dateIn(new Date(), ZONE);
const event = (eventID: number, eventTitle: string, day: string, more: Record<string, unknown> = {}) => ({
  eventID,
  eventTitle,
  eventLocation: "Conference Room A",
  eventStart: `${day}T14:00`,
  eventMinutes: 60,
  eventAllDay: 0,
  eventZone: ZONE,
  eventRecurrence: RECURRENCE.code.once,
  eventRecurrenceDays: null,
  eventRecurrenceUntil: null,
  eventRecurrenceCount: null,
  eventFrom: `${day}T14:00:00-05:00`,
  eventTo: `${day}T15:00:00-05:00`,
  ...more,
});
const [soon, before] = [addDays(today, 7), addDays(today, -8)];
const EVENTS = [
  event(31, "Budget check-in", soon),
  event(32, "Budget review", before, { eventLocation: "Site trailer" }),
  event(33, "Safety briefing", soon, { eventLocation: "Budget room" }),
];
const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

async function openPalette(permissions = STAFF) {
  const app = renderWithApp(<PaletteShortcut />, {
    permissions,
    config: { timeZone: ZONE },
    tables: {
      tblEvent: EVENTS,
      vwVendorDirectory: VENDORS,
      vwEmployeeAvailability: [
        { empID: 7, empFirstName: "Sam", empLastName: "Taylor", empDepartment: 1, empAvailabilityType: "In" },
      ],
    },
    user: { empID: 7 },
  });
  await app.user.keyboard("{Control>}k{/Control}");
  return { ...app, dialog: await palette() };
}

describe("the command palette", () => {
  beforeEach(() => liveStreamOpened());

  it("opens on Ctrl+K with the pages and actions the user may use, and not the others", async () => {
    const { dialog } = await openPalette();
    await waitFor(() => expect(options(dialog).some((o) => o.startsWith("Set my availability: In"))).toBe(true));
    const offered = options(dialog).join("\n");
    expect(offered).toMatch(/^Vendors/m);
    // A page says where the menus hold it.
    expect(offered).toMatch(/^Vendor SearchVendors › Advanced Search$/m);
    expect(offered).toMatch(/^Log time/m);
    expect(offered).not.toMatch(/Shipping Compan/);
    expect(offered).not.toMatch(/^Employees/m);
    // Staff view vendors but may not add one.
    expect(offered).not.toMatch(/New Vendor/);
    expect(offered).not.toMatch(/New /);
  });

  it("offers New where the user may add, and filters by every word typed", async () => {
    const { dialog, user } = await openPalette(permissionsOf({ [PAGES.home]: ["view"], [PAGES.vendors]: "all" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Search pages, records and actions" }), "new ven");
    await waitFor(() => expect(options(dialog).map((o) => o.split("Add")[0])).toEqual(["New Vendor"]));
  });

  it("finds records of the areas the user may view on the server, and opens one with the keyboard", async () => {
    const { dialog, user, api, location } = await openPalette();
    await user.type(within(dialog).getByRole("textbox", { name: "Search pages, records and actions" }), "bolt");
    await waitFor(() => expect(options(dialog)).toContain("Acme BoltsVendor 5"));
    expect(options(dialog)).toContain("Bolt SupplyVendor 4");
    expect(options(dialog)).not.toContain("Nuts IncVendor 6");
    // Only areas the user may open were asked: vendors, not clients, employees or projects.
    const asked = new Set(api.queries().map((q) => q.table));
    expect(asked.has("vwVendorDirectory")).toBe(true);
    for (const table of ["vwClientDirectory", "vwEmployeeDirectory", "vwProjectList", "tblShippingCompany"])
      expect(asked.has(table)).toBe(false);
    expect(api.queries("vwVendorDirectory").at(-1)?.where).toBe("vendorName LIKE '%bolt%'");

    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(location().pathname + location().search).toMatch(/^\/vendor\/de\?id=[45]$/));
  });

  it("opens the first result with Enter, though it was found on the server after the typing", async () => {
    const { dialog, user, location } = await openPalette();
    await user.type(within(dialog).getByRole("textbox", { name: "Search pages, records and actions" }), "nuts");
    await waitFor(() => expect(options(dialog)).toEqual(["Nuts IncVendor 6"]));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(location().pathname + location().search).toBe("/vendor/de?id=6"));
  });

  it("finds the calendar's events by title or place, those to come first, each opening the calendar at its day", async () => {
    const { dialog, user, api, location } = await openPalette(
      permissionsOf({ [PAGES.home]: ["view"], [PAGES.calendar]: ["view"] }),
    );
    await user.type(within(dialog).getByRole("textbox", { name: "Search pages, records and actions" }), "budget");
    await waitFor(() =>
      expect(options(dialog)).toEqual([
        `Budget check-inEvent · ${us(soon)} 02:00 PM · Conference Room A`,
        `Safety briefingEvent · ${us(soon)} 02:00 PM · Budget room`,
        `Budget reviewEvent · ${us(before)} 02:00 PM · Site trailer`,
      ]),
    );
    // Through the data service, which gives each caller only the events they may see.
    const asked = api.queries("tblEvent");
    expect(asked.at(-1)?.where).toMatch(
      /^\(eventTitle LIKE '%budget%' OR eventLocation LIKE '%budget%'\) AND eventTo /,
    );
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(location().pathname + location().search).toBe(
        `/calendar1?view=day&date=${soon}&event=31&at=${soon}T14%3A00`,
      ),
    );
  });

  it("finds no events for those who may not open the calendar", async () => {
    const { dialog, user, api } = await openPalette();
    await user.type(within(dialog).getByRole("textbox", { name: "Search pages, records and actions" }), "budget");
    await waitFor(() => expect(api.queries("vwVendorDirectory").length).toBeGreaterThan(0));
    expect(api.queries("tblEvent")).toHaveLength(0);
    expect(options(dialog).join("\n")).not.toMatch(/Budget/);
  });

  it("switches the colour scheme and logs out from the palette", async () => {
    const { dialog, user, api } = await openPalette();
    api.operation(SETTING_OPERATIONS.changeSetting, (change) => ({ ...change, version: 1 }));
    expect(options(dialog).some((o) => o.startsWith("Log out"))).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: /^Switch to dark mode/ }));
    // Applied at once, and kept for the person on the server.
    await waitFor(() => expect(document.documentElement.getAttribute("data-mantine-color-scheme")).toBe("dark"));
    await waitFor(() =>
      expect(api.callsTo("/API/Settings/").find((call) => call.method === "PUT")?.body).toEqual({
        key: "preferences",
        values: { colourScheme: "dark" },
      }),
    );
  });

  it("opens from the header's Search button, which says its shortcut", async () => {
    const { user } = renderWithApp(
      <>
        <PaletteButton />
        <PaletteShortcut />
      </>,
      { permissions: STAFF, tables: { vwVendorDirectory: VENDORS }, user: { empID: 7 } },
    );
    await user.click(screen.getByRole("button", { name: "Search pages, records and actions (Ctrl K)" }));
    expect(await palette()).toBeTruthy();
  });
});
