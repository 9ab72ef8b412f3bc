import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  advancedSearch,
  type CriterionCase,
  choose,
  countOf,
  dataRows,
  deleteAs,
  insertAs,
  recordForm,
  rowsOf,
  unique,
} from "./directory-support.js";
import { seriousViolations, signInWithToken } from "./support.js";

/*
 * Clients beyond add/edit/delete (directory-areas.spec.ts): a client's contacts, master clients
 * and their clients, the advanced search /client, and accessibility. Every test makes its own
 * data through the API under a unique name and removes what is left of it afterwards, contacts
 * before their client and clients before their master client.
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

  test("adds a contact on the client's page only once it is valid (Name is required, the phone a phone)", async ({
    page,
    request,
  }) => {
    const name = `Contact Test Client ${unique()}`;
    const clientID = await makeClient(request, { clientName: name });
    const contactsOf = () => rowsOf(request, { table: "tblClientContact", where: `clientID = ${clientID}` });

    await page.goto(`/webapp/client/de?id=${clientID}`);
    await expect(recordForm(page, "Client").getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    const contacts = page.getByRole("region", { name: "Contacts" });
    await expect(contacts.getByRole("heading", { name: "Contacts" })).toBeVisible();
    await expect(contacts.getByText("0 records", { exact: true })).toBeVisible();
    await expect(dataRows(page, "Contacts")).toHaveCount(0);

    // Without a name and with a phone that is not one: the rules' messages, nothing saved.
    await contacts.getByRole("button", { name: "New Contact" }).click();
    const add = page.getByRole("dialog", { name: "New Contact" });
    await expect(add).toBeVisible();
    await add.getByRole("textbox", { name: "Phone" }).fill("503-555");
    await add.getByRole("button", { name: "Insert" }).click();
    await expect(add.getByText("Name is required", { exact: true })).toBeVisible();
    await expect(add.getByText("Phone is not `tel` format", { exact: true })).toBeVisible();
    await expect(add).toBeVisible();
    expect(await contactsOf()).toEqual([]);

    // Valid: saved under this client, the phone in the US form.
    await add.getByRole("textbox", { name: "Name", exact: true }).fill("Imogen Castellane");
    await add.getByRole("textbox", { name: "Title" }).fill("Facilities Director");
    await add.getByRole("textbox", { name: "E-Mail" }).fill("imogen@castellane.example");
    await add.getByRole("textbox", { name: "Phone" }).fill("5035550188");
    await add.getByRole("textbox", { name: "Phone" }).blur();
    await expect(add.getByRole("textbox", { name: "Phone" })).toHaveValue("(503) 555-0188");
    await expect(add.getByText("Name is required")).toHaveCount(0);
    await expect(add.getByText("Phone is not `tel` format")).toHaveCount(0);
    await add.getByRole("button", { name: "Insert" }).click();
    await expect(toast(page, "Record inserted successfully!")).toBeVisible();
    await expect(add).toBeHidden();
    const saved = await contactsOf();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      clientID,
      contactName: "Imogen Castellane",
      contactTitle: "Facilities Director",
      contactEmail: "imogen@castellane.example",
      contactPhone: "(503) 555-0188",
    });
    await expect(dataRows(page, "Contacts")).toHaveCount(1);
    await expect(dataRows(page, "Contacts").first()).toContainText("Imogen Castellane");
    await expect(dataRows(page, "Contacts").first()).toContainText("(503) 555-0188");
  });

  test("opens a contact in its dialog, edits it (its notes kept) and deletes it after the question", async ({
    page,
    request,
  }) => {
    const clientID = await makeClient(request, { clientName: `Contact Edit Client ${unique()}` });
    const contactID = await insertAs(request, "tblClientContact", {
      clientID,
      contactName: "Tobias Wrenfield",
      contactTitle: "Architect",
      contactPhone: "(206) 555-0142",
      contactNotes: "Prefers calls before noon.",
    });
    const contact = () => rowsOf(request, { table: "tblClientContact", where: `contactID = ${contactID}` });

    await page.goto(`/webapp/client/de?id=${clientID}`);
    await expect(dataRows(page, "Contacts")).toHaveCount(1);
    await dataRows(page, "Contacts").first().click();
    const edit = page.getByRole("dialog", { name: "Contact", exact: true });
    await expect(edit, "a contact's row opens its dialog (not the 'Unknown Error' page)").toBeVisible();
    await expect(edit.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Tobias Wrenfield");
    await expect(edit.getByRole("textbox", { name: "Notes" })).toHaveValue("Prefers calls before noon.");
    await edit.getByRole("textbox", { name: "Title" }).fill("Owner");
    await edit.getByRole("textbox", { name: "Extension" }).fill("42");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Record updated successfully!")).toBeVisible();
    await expect(edit).toBeHidden();
    expect(await contact()).toEqual([
      expect.objectContaining({
        clientID,
        contactName: "Tobias Wrenfield",
        contactTitle: "Owner",
        contactPhoneExt: "42",
        contactPhone: "(206) 555-0142",
        contactNotes: "Prefers calls before noon.",
      }),
    ]);
    await expect(dataRows(page, "Contacts").first()).toContainText("Owner");

    // Cancel keeps it; Delete removes it.
    await dataRows(page, "Contacts").first().click();
    await edit.getByRole("button", { name: "Delete" }).click();
    const ask = page.getByRole("dialog", { name: "Delete this contact?" });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    expect(await contact()).toHaveLength(1);
    await edit.getByRole("button", { name: "Delete" }).click();
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Record deleted successfully!")).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(dataRows(page, "Contacts")).toHaveCount(0);
    expect(await contact()).toEqual([]);
  });

  test("a client that still has a contact is not deleted: 'Failed Delete', and it stays", async ({ page, request }) => {
    const name = `Contact Keeps Client ${unique()}`;
    const clientID = await makeClient(request, { clientName: name });
    await insertAs(request, "tblClientContact", { clientID, contactName: "Odile Marchetti" });

    await page.goto(`/webapp/client/de?id=${clientID}`);
    await expect(dataRows(page, "Contacts")).toHaveCount(1);
    await recordForm(page, "Client").getByRole("button", { name: "Delete", exact: true }).click();
    const ask = page.getByRole("dialog", { name: "Delete this client?" });
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Failed Delete")).toBeVisible();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/client/de\\?id=${clientID}$`));
    await expect(recordForm(page, "Client").getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
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

    // Added in the dialog; the name is required.
    const name = `Meridian Test Holdings ${unique()}`;
    await page.getByRole("button", { name: "New Master Client" }).click();
    const add = page.getByRole("dialog", { name: "New Master Client" });
    await add.getByRole("button", { name: "Insert" }).click();
    await expect(add.getByText("Name is required", { exact: true })).toBeVisible();
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
    const ask = page.getByRole("dialog", { name: "Delete this master client?" });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    expect(await countOf(request, "tblMasterClient", "masterClientID", `masterClientID = ${masterID}`)).toBe(1);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Record deleted successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await countOf(request, "tblMasterClient", "masterClientID", `masterClientID = ${masterID}`)).toBe(0);
    await expect(page.getByText("0 records", { exact: true })).toBeVisible();
    await page.getByRole("textbox", { name: `Search ${list}` }).fill("");
    await expect(page.getByText(`${total} records`, { exact: true })).toBeVisible();
  });

  test("staff sees the list and a master client's dialog read-only, without Insert, Update or Delete", async ({
    page,
    request,
  }) => {
    await signInWithToken(page, "staff");
    const list = "Master Clients";
    // A master client of the demo data with clients.
    const [withClients] = await rowsOf<{ masterClientID: number }>(request, {
      table: "vwClientDirectory",
      fields: "masterClientID",
      where: "masterClientID IS NOT NULL",
      order: "masterClientID",
      rowLimit: 1,
    });
    const masterID = withClients?.masterClientID as number;
    const [master] = await rowsOf<{ masterClientName: string }>(request, {
      table: "tblMasterClient",
      where: `masterClientID = ${masterID}`,
    });
    const clientCount = await countOf(request, "vwClientDirectory", "clientID", `masterClientID = ${masterID}`);
    expect(clientCount).toBeGreaterThan(0);

    await page.goto("/webapp/masterclient/all");
    await expect(dataRows(page, list).first()).toBeVisible();
    const total = await countOf(request, "tblMasterClient", "masterClientID", "");
    await expect(page.getByText(`${total} records`, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "New Master Client" })).toHaveCount(0);

    await page.getByRole("textbox", { name: `Search ${list}` }).fill(master?.masterClientName ?? "");
    await dataRows(page, list)
      .filter({ has: page.getByRole("cell", { name: String(masterID), exact: true }) })
      .click();
    const dialog = page.getByRole("dialog", { name: "Master Client", exact: true });
    const nameBox = dialog.getByRole("textbox", { name: "Name", exact: true });
    await expect(nameBox).toHaveValue(master?.masterClientName ?? "");
    await expect(nameBox).toHaveAttribute("readonly", "");
    await expect(dialog.getByRole("textbox", { name: "Notes" })).toHaveAttribute("readonly", "");
    await expect(dialog.getByRole("table", { name: "Clients" }).locator("tbody tr[tabindex]")).toHaveCount(
      Math.min(clientCount, 50),
    );
    for (const button of ["Insert", "Update", "Delete"]) {
      await expect(dialog.getByRole("button", { name: button, exact: true })).toHaveCount(0);
    }
  });
});

test.describe("advanced search /client", () => {
  test.beforeEach(async ({ page }) => signInWithToken(page, "admin"));

  test("each criterion narrows the results to the API's count; the search is the address, cleared and remembered", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = `Quillmoor${unique()}`;
    const masterName = `${token} Group`;
    const masterID = await insertAs(request, "tblMasterClient", { masterClientName: masterName });
    remember("tblMasterClient", `masterClientID = ${masterID}`);
    // Healthcare 302, Industrial 306; statuses 1 Prospect, 2 Active, 3 Inactive.
    const harbor = await makeClient(request, {
      clientName: `${token} Harbor`,
      masterClientID: masterID,
      clientStatus: 3,
      clientCategory: 302,
      clientCity: "Kingston",
      clientState: "OR",
    });
    await makeClient(request, {
      clientName: `${token} Ridge`,
      masterClientID: masterID,
      clientStatus: 2,
      clientCategory: 302,
      clientCity: "Riverton",
      clientState: "OR",
    });
    await makeClient(request, {
      clientName: `${token} Summit`,
      clientStatus: 3,
      clientCategory: 306,
      clientCity: "Kingston",
      clientState: "WA",
    });

    const label = "Clients found";
    const count = (where: string) => countOf(request, "vwClientDirectory", "clientID", where);
    const { search, param, found, clear, eachAlone, narrowing } = advancedSearch(page, "Search clients", label, count);
    const all = await count("");

    const criteria: CriterionCase[] = [
      {
        param: "name",
        value: token.toLowerCase(),
        where: `clientName LIKE '%${token}%'`,
        set: () => search.getByRole("textbox", { name: "Name", exact: true }).fill(token.toLowerCase()),
      },
      {
        param: "master",
        value: String(masterID),
        where: `masterClientID = ${masterID}`,
        set: () => choose(search, page, "Master Client", masterName),
      },
      {
        param: "status",
        value: "3",
        where: "clientStatus = 3",
        set: async () => {
          await search.getByLabel("Status").selectOption({ label: "Inactive" });
        },
      },
      {
        param: "category",
        value: "302",
        where: "clientCategory = 302",
        set: () => choose(search, page, "Category", "Healthcare"),
      },
      {
        param: "city",
        value: "TON",
        where: "clientCity LIKE '%ton%'",
        set: () => search.getByRole("textbox", { name: "City" }).fill("TON"),
      },
      {
        param: "state",
        value: "OR",
        where: "clientState = 'OR'",
        set: async () => {
          await search.getByLabel("State").selectOption({ label: "Oregon" });
        },
      },
    ];

    await page.goto("/webapp/client");
    await found(all);

    // Each criterion alone: the API's count for its condition, and its value in the address.
    await eachAlone(criteria, all);

    // One after another, each narrows what the ones before found, down to the one client matching all.
    expect(await narrowing(criteria, all)).toBe(1);
    await expect(dataRows(page, label).first()).toContainText(`${token} Harbor`);
    await expect(dataRows(page, label).first()).toContainText(masterName);

    // The search is the address: a reload keeps it, boxes and all.
    const address = page.url();
    await page.reload();
    expect(page.url()).toBe(address);
    await found(1);
    await expect(search.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(token.toLowerCase());
    await expect(search.getByRole("textbox", { name: "Master Client" })).toHaveValue(masterName);
    await expect(search.getByLabel("Status")).toHaveValue("3");
    await expect(search.getByRole("textbox", { name: "Category" })).toHaveValue("Healthcare");
    await expect(search.getByRole("textbox", { name: "City" })).toHaveValue("TON");
    await expect(search.getByLabel("State")).toHaveValue("OR");
    await dataRows(page, label).first().click();
    await expect(page).toHaveURL(new RegExp(`/client/de\\?id=${harbor}$`));
    await page.goBack();
    await expect(page).toHaveURL(address);
    await found(1);

    // Clear empties the boxes and the address.
    await clear();
    await found(all);
    await expect(search.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(search.getByRole("textbox", { name: "Master Client" })).toHaveValue("");
    await expect(search.getByLabel("Status")).toHaveValue("");
    await expect(search.getByRole("textbox", { name: "Category" })).toHaveValue("");
    await expect(search.getByRole("textbox", { name: "City" })).toHaveValue("");
    await expect(search.getByLabel("State")).toHaveValue("");

    // Cleared, the bare page stays bare.
    await page.goto("/webapp/client/all");
    await page.goto("/webapp/client");
    await found(all);
    expect(new URL(page.url()).search).toBe("");

    // The last search comes back when /client is opened bare in the same tab.
    await search.getByRole("textbox", { name: "Name", exact: true }).fill(token);
    await search.getByLabel("State").selectOption({ label: "Washington" });
    await search.getByRole("button", { name: "Search" }).click();
    const last = await count(`clientName LIKE '%${token}%' AND clientState = 'WA'`);
    expect(last).toBe(1);
    await found(last);
    await page.goto("/webapp/client/all");
    await expect(dataRows(page, "Clients").first()).toBeVisible();
    await page.goto("/webapp/client");
    await expect.poll(() => param("name")).toBe(token);
    expect(param("state")).toBe("WA");
    await found(last);
    await expect(search.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(token);
    await expect(search.getByLabel("State")).toHaveValue("WA");
    await expect(dataRows(page, label).first()).toContainText(`${token} Summit`);
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
