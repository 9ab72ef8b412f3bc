import { type CompanySettingState, OPERATIONS, PAGES, SECRET_SET, SETTINGS, settingsOf } from "@office/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi, permissionsOf } from "../../test/fake-api";
import { renderWithApp } from "../../test/render";
import { SettingsPage } from "./SettingsPage";

const STAFF = permissionsOf({ [PAGES.projects]: "all", [PAGES.vendors]: ["view"] });

/** The company's settings as the server gives an administrator: initial values, UPS's secret set, FedEx's address from the environment. */
function companyState(): Record<string, CompanySettingState> {
  const state: Record<string, CompanySettingState> = Object.fromEntries(
    settingsOf("company").map((def) => [def.key, { values: { ...def.initial }, env: {}, version: 0 }]),
  );
  state.ups = {
    values: { clientId: "our-id", clientSecret: SECRET_SET, apiUrl: "https://onlinetools.ups.com" },
    env: {},
    version: 3,
  };
  state.fedex = {
    values: { ...SETTINGS.fedex.initial, apiUrl: "https://fedex.internal" },
    env: { apiUrl: "FEDEX_API_URL" },
    version: 0,
  };
  return state;
}

/** The fake server, answering the address too. */
function fakeApi() {
  const api = installFakeApi();
  api.operation(OPERATIONS.clientAddress, () => ({ address: "203.0.113.7", ipv4: "203.0.113.7" }));
  return api;
}

const putsOf = (api: ReturnType<typeof installFakeApi>) =>
  api
    .callsTo("/API/Settings/")
    .filter((call) => call.method === "PUT")
    .map((call) => call.body);

describe("the Settings page", () => {
  it("keeps a person's preferences on the server, and shows no company settings to staff", async () => {
    const api = fakeApi();
    const { user } = renderWithApp(<SettingsPage />, { permissions: STAFF, api });
    await user.click(await screen.findByRole("radio", { name: "Dark" }));
    await waitFor(() => expect(putsOf(api)).toEqual([{ key: "preferences", values: { colourScheme: "dark" } }]));
    expect(document.documentElement.getAttribute("data-mantine-color-scheme")).toBe("dark");
    // The pages offered after sign-in are those the person may open.
    await user.click(screen.getByRole("textbox", { name: "Page after sign-in" }));
    const offered = screen.getAllByRole("option").map((option) => option.textContent);
    expect(offered).toContain("Projects › Advanced Search");
    expect(offered.some((label) => label?.includes("Shipping"))).toBe(false);
    await user.click(screen.getByRole("option", { name: "Projects › Advanced Search" }));
    await waitFor(() => expect(putsOf(api).at(-1)).toEqual({ key: "preferences", values: { startPage: "/project" } }));
    expect(screen.queryByRole("heading", { name: "Company settings" })).toBeNull();
  });

  it("tells a person which administrators viewed the product as them", async () => {
    const api = fakeApi();
    api.settings = { ...api.settings, viewedAs: [{ by: "Alex Morgan", at: "2026-11-20T15:00:00.000Z" }] };
    renderWithApp(<SettingsPage />, { permissions: STAFF, api });
    const section = await screen.findByRole("region", { name: "Viewed as you" });
    expect(within(section).getByText(/^Alex Morgan, Nov 20, 2026/)).toBeTruthy();
  });

  it("gives administrators the company's settings: a secret only as set, the environment's fields read only", async () => {
    const api = fakeApi();
    api.settings = { ...api.settings, company: companyState() };
    let sent: unknown;
    api.operation(OPERATIONS.changeSetting, (change) => {
      sent = change;
      return { key: change.key, values: { ...change.values, clientSecret: SECRET_SET }, version: 4 };
    });
    const { user, fill } = renderWithApp(<SettingsPage />, { api });
    const ups = await screen.findByRole("region", { name: "UPS" });
    const secret = within(ups).getByLabelText("Client secret") as HTMLInputElement;
    expect(secret.value).toBe("");
    expect(within(ups).getByText(/^Set\. It is never shown again/)).toBeTruthy();
    const save = within(ups).getByRole("button", { name: "Save ups" });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await fill(secret, "a-new-secret");
    await user.click(save);
    // Only what changed, with the version read: a change made meanwhile elsewhere is refused.
    await waitFor(() => expect(sent).toEqual({ key: "ups", values: { clientSecret: "a-new-secret" }, version: 3 }));

    const fedex = screen.getByRole("region", { name: "FedEx" });
    const address = within(fedex).getByRole("textbox", { name: "Service address" }) as HTMLInputElement;
    expect(address.readOnly).toBe(true);
    expect(within(fedex).getByText(/Set by the environment variable FEDEX_API_URL/)).toBeTruthy();

    // A wrong value is said before anything is sent.
    const receipts = screen.getByRole("region", { name: "Card receipts" });
    await fill(within(receipts).getByRole("textbox", { name: "Amount" }), "lots");
    expect(within(receipts).getByText("Amount is not `currency` format")).toBeTruthy();
    expect((within(receipts).getByRole("button", { name: "Save card receipts" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("adds a company holiday as a date and a name", async () => {
    const api = fakeApi();
    api.settings = { ...api.settings, company: companyState() };
    let sent: unknown;
    api.operation(OPERATIONS.changeSetting, (change) => {
      sent = change;
      return { key: change.key, values: change.values, version: 1 };
    });
    const { user, fill } = renderWithApp(<SettingsPage />, { api });
    const holidays = await screen.findByRole("region", { name: "Company holidays" });
    expect(within(holidays).getByText("No holidays yet.")).toBeTruthy();
    await user.click(within(holidays).getByRole("button", { name: "Add a holiday" }));
    await fill(within(holidays).getByRole("textbox", { name: "Date of holiday 1" }), "12/25/2026");
    await fill(within(holidays).getByRole("textbox", { name: "Name of holiday 1" }), "Christmas Day");
    await user.click(within(holidays).getByRole("button", { name: "Save company holidays" }));
    await waitFor(() =>
      expect(sent).toEqual({
        key: "holidays",
        values: { days: [{ date: "2026-12-25", name: "Christmas Day" }] },
        version: 0,
      }),
    );
  });
});
