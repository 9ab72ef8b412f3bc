import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { countOf, dataRows, deleteAs, insertAs, recordForm, rowsOf, unique } from "./directory-support.js";
import { seriousViolations, signInWithToken } from "./support.js";

/*
 * Clients beyond add/find/edit/delete (directory-areas.spec.ts) against the real server: a
 * client its contacts keep from being deleted, master clients and their clients across pages,
 * and accessibility. The pages' generic rules (a contact's dialog and its messages, the
 * advanced search's boxes, read-only for staff) are component tests:
 * apps/web/src/area-engine/*.test.tsx. Every test makes its own data through the API under a
 * unique name and removes what is left of it afterwards, contacts before their client and
 * clients before their master client.
 */

type Row = Record<string, unknown>;

/** What a test made, removed after it (last made first) if the test did not remove it itself. */
let made: Array<{ table: string; where: string }> = [];
const remember = (table: string, where: string) => made.push({ table, where });

test.beforeEach(() => {
  made = [];
});

test.afterEach(async ({ request }) => {
  for (const { table, where } of made.reverse()) {
    const left = await rowsOf(request, { table, where });
    if (left.length > 0) await deleteAs(request, table, where);
  }
});

async function makeClient(request: APIRequestContext, fields: Row) {
  const id = await insertAs(request, "tblClient", fields);
  // Removed in reverse: its contacts first, then the client.
  remember("tblClient", `clientID = ${id}`);
  remember("tblClientContact", `clientID = ${id}`);
  return id;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test.describe("a client's contacts", () => {
  test.beforeEach(async ({ page }) => signInWithToken(page, "admin"));

  test("a client that still has a contact is not deleted: 'Failed Delete', and it stays", async ({ page, request }) => {
    const name = `Contact Keeps Client ${unique()}`;
    const clientID = await makeClient(request, { clientName: name });
    await insertAs(request, "tblClientContact", { clientID, contactName: "Odile Marchetti" });

    await page.goto(`/webapp/client/de?id=${clientID}`);
    // Its contacts are a tab that says how many.
    await expect(page.getByRole("tab", { name: "Contacts 1" })).toBeVisible();
    await recordForm(page, "Client").getByRole("button", { name: "Delete", exact: true }).click();
    const ask = page.getByRole("dialog", { name: "Delete this client?" });
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Failed Delete")).toBeVisible();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/client/de\\?id=${clientID}$`));
    await expect(recordForm(page, "Client").getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    await page.getByRole("tab", { name: "Contacts 1" }).click();
    await expect(dataRows(page, "Contacts")).toHaveCount(1);
    expect(
      await rowsOf(request, { table: "tblClient", fields: "clientName", where: `clientID = ${clientID}` }),
    ).toEqual([{ clientName: name }]);
    expect(
      await rowsOf(request, { table: "tblClientContact", fields: "contactName", where: `clientID = ${clientID}` }),
    ).toEqual([{ contactName: "Odile Marchetti" }]);
  });
});

test.describe("master clients", () => {
  test("admin lists them, adds one, sees its clients, opens one, changes it, and deletes it once its clients are gone", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInWithToken(page, "admin");
    const list = "Master Clients";
    const total = await countOf(request, "tblMasterClient", "masterClientID", "");
    await page.goto("/webapp/masterclient/all");
    await expect(dataRows(page, list).first()).toBeVisible();
    await expect(page.getByText(`${total} records`, { exact: true })).toBeVisible();
    await expect(dataRows(page, list)).toHaveCount(Math.min(total, 50));

    // Added in the dialog.
    const name = `Meridian Test Holdings ${unique()}`;
    await page.getByRole("button", { name: "New Master Client" }).click();
    const add = page.getByRole("dialog", { name: "New Master Client" });
    await add.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await add.getByRole("textbox", { name: "Notes" }).fill("Invoices go to the Tacoma office.");
    await add.getByRole("button", { name: "Insert" }).click();
    await expect(toast(page, "Record inserted successfully!")).toBeVisible();
    await expect(add).toBeHidden();
    const stored = await rowsOf<{ masterClientID: number; masterClientNotes: string }>(request, {
      table: "tblMasterClient",
      where: `masterClientName = '${name}'`,
    });
    expect(stored).toHaveLength(1);
    const masterID = stored[0]?.masterClientID as number;
    remember("tblMasterClient", `masterClientID = ${masterID}`);
    expect(stored[0]?.masterClientNotes).toBe("Invoices go to the Tacoma office.");
    await expect(page.getByText(`${total + 1} records`, { exact: true })).toBeVisible();

    // Two clients of it, made through the API.
    const firstName = `Meridian North ${unique()}`;
    const secondName = `Meridian South ${unique()}`;
    const first = await makeClient(request, { clientName: firstName, masterClientID: masterID, clientCity: "Tacoma" });
    const second = await makeClient(request, { clientName: secondName, masterClientID: masterID, clientStatus: 1 });
    const theirs = await rowsOf<{ clientID: number }>(request, {
      table: "vwClientDirectory",
      fields: "clientID",
      where: `masterClientID = ${masterID}`,
    });
    expect(theirs.map((c) => c.clientID).sort((a, b) => a - b)).toEqual([first, second]);

    const open = async () => {
      await page.getByRole("textbox", { name: `Search ${list}` }).fill(name);
      await expect(dataRows(page, list)).toHaveCount(1);
      await dataRows(page, list).first().click();
      const dialog = page.getByRole("dialog", { name: "Master Client", exact: true });
      await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
      return dialog;
    };
    let dialog = await open();
    const clients = dialog.getByRole("table", { name: "Clients" }).locator("tbody tr[tabindex]");
    await expect(clients).toHaveCount(theirs.length);
    await expect(clients.filter({ hasText: firstName })).toContainText("Tacoma");
    await expect(clients.filter({ hasText: secondName })).toContainText("Prospect");

    // While it has clients its delete is refused.
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete this master client?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(toast(page, "Failed Delete")).toBeVisible();
    expect(await countOf(request, "tblMasterClient", "masterClientID", `masterClientID = ${masterID}`)).toBe(1);

    // A client row opens the client's page.
    await clients.filter({ hasText: secondName }).click();
    await expect(page).toHaveURL(new RegExp(`/client/de\\?id=${second}$`));
    await expect(recordForm(page, "Client").getByRole("textbox", { name: "Name", exact: true })).toHaveValue(
      secondName,
    );
    await expect(recordForm(page, "Client").getByRole("textbox", { name: "Master Client" })).toHaveValue(name);

    // Its clients gone, it is deleted after the question.
    await deleteAs(request, "tblClient", `clientID IN (${first}, ${second})`);
    await page.goto("/webapp/masterclient/all");
    dialog = await open();
    // Changed in the dialog.
    await dialog.getByRole("textbox", { name: "Notes" }).fill("Invoices go to the Seattle office.");
    await dialog.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Record updated successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    const [changed] = await rowsOf<{ masterClientNotes: string }>(request, {
      table: "tblMasterClient",
      fields: "masterClientNotes",
      where: `masterClientID = ${masterID}`,
    });
    expect(changed?.masterClientNotes).toBe("Invoices go to the Seattle office.");
    dialog = await open();
    await expect(dialog.getByText("0 records", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete this master client?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(toast(page, "Record deleted successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await countOf(request, "tblMasterClient", "masterClientID", `masterClientID = ${masterID}`)).toBe(0);
    await expect(page.getByText("0 records", { exact: true })).toBeVisible();
    await page.getByRole("textbox", { name: `Search ${list}` }).fill("");
    await expect(page.getByText(`${total} records`, { exact: true })).toBeVisible();
  });
});

test.describe("clients' accessibility", () => {
  test("the client list, a client's page and its New Contact dialog have no serious or critical violation", async ({
    page,
    request,
  }) => {
    await signInWithToken(page, "admin");
    const clientID = await makeClient(request, { clientName: `Axe Test Client ${unique()}`, clientCategory: 300 });
    await insertAs(request, "tblClientContact", { clientID, contactName: "Wren Aldous", contactTitle: "Owner" });

    await page.goto("/webapp/client/all");
    await expect(dataRows(page, "Clients").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/webapp/client/de?id=${clientID}`);
    await expect(recordForm(page, "Client").getByRole("textbox", { name: "Category" })).toHaveValue("Commercial");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Contacts 1" }).click();
    await expect(dataRows(page, "Contacts")).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "New Contact" }).click();
    const dialog = page.getByRole("dialog", { name: "New Contact" });
    await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // With the rules' messages showing, too.
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
