import { expect, test } from "@playwright/test";
import { openSignedIn, pendingApprovalCount, pendingApprovalsText, seriousViolations, tokenOf } from "./support.js";

/*
 * Issue 20 in the browser: an employee asks to use a card, its holder approves in the inbox
 * while the count drops in another open tab without a reload, and the employee reads the
 * approval code; the inbox of a user without permissions is empty.
 */

test("staff asks to use a card, the holder approves in the inbox, another tab's count drops, staff enters the charge with the code", async ({
  browser,
  request,
}) => {
  const purpose = `Inspection hotel ${Date.now()}`;
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await openSignedIn(staff, "staff", "/webapp/inbox");
  await staff.getByRole("button", { name: "Ask to use a card" }).click();
  const dialog = staff.getByRole("dialog", { name: "Ask to use a card" });
  // One of the administrator's cards: staff reports to the administrator.
  const card = dialog.getByRole("combobox", { name: "Card" });
  await expect(card.locator("option", { hasText: "(Morgan, Alex)" }).first()).toBeAttached();
  const label = (await card.locator("option", { hasText: "(Morgan, Alex)" }).first().textContent()) ?? "";
  await card.selectOption({ label });
  await dialog.getByRole("textbox", { name: "Amount" }).fill("12.34");
  await dialog.getByRole("textbox", { name: "Purpose" }).fill(purpose);
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(staff.getByText("Your request to use the card was sent.")).toBeVisible();
  const staffToken = await tokenOf(request, "staff");
  const unreadOfStaff = async (): Promise<number> =>
    (await (await request.get("/API/Notifications/", { headers: { authorization: `Bearer ${staffToken}` } })).json())
      .unread;
  const unreadBefore = await unreadOfStaff();

  const adminContext = await browser.newContext();
  const inbox = await adminContext.newPage();
  await openSignedIn(inbox, "admin", "/webapp/inbox");
  const other = await adminContext.newPage();
  await other.goto("/webapp/");
  const before = await pendingApprovalCount(request, "admin");
  const otherInbox = other.getByRole("banner").getByRole("link", { name: /^Inbox: / });
  await expect(otherInbox).toHaveAccessibleName(`Inbox: ${pendingApprovalsText(before)}`);

  // Card use, and (should the card's month be spent) the over-limit step after it: both the administrator's.
  const adminToken = await tokenOf(request, "admin");
  const waitingStep = async () => {
    const answer = await request.get("/API/CreditCard/Inbox", { headers: { authorization: `Bearer ${adminToken}` } });
    const rows: Array<{ ccPermissionPurpose: string; step: string }> = (await answer.json()).data;
    return rows.find((row) => row.ccPermissionPurpose === purpose)?.step ?? "decided";
  };
  const asked = inbox.getByRole("article").filter({ hasText: purpose });
  let step = await waitingStep();
  expect(step).toBe("cardUse");
  while (step !== "decided") {
    const decided = step;
    await asked.getByRole("button", { name: "Approve" }).click();
    await expect.poll(waitingStep).not.toBe(decided);
    step = await waitingStep();
    if (step === "overLimit") await expect(asked.getByText("Over the monthly limit")).toBeVisible();
  }
  await expect(asked).toHaveCount(0);
  const after = await pendingApprovalCount(request, "admin");
  expect(after).toBeLessThan(before);
  // The other tab was never reloaded: the live stream told it.
  await expect(otherInbox).toHaveAccessibleName(`Inbox: ${pendingApprovalsText(after)}`);

  // The requester's open tab is told without a reload: the bell counts one more, and its list
  // says the decision with the code, leading to their own requests.
  const bell = staff.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(
    `Notifications: ${unreadBefore + 1} unread notification${unreadBefore === 0 ? "" : "s"}`,
  );
  await bell.click();
  const told = staff.getByRole("dialog", { name: "Notifications" }).getByRole("link", {
    name: new RegExp(`^Unread: Your card request was approved: code [A-HJKMNP-Z2-9]{8}\\s*\\$12\\.34 for ${purpose}`),
  });
  await told.click();
  await expect(staff).toHaveURL(/\/webapp\/inbox\?tab=mine$/);
  await expect.poll(unreadOfStaff).toBe(unreadBefore);

  await expect(staff.getByRole("tab", { name: "Your requests" })).toHaveAttribute("aria-selected", "true");
  const mine = staff.getByRole("article").filter({ hasText: purpose });
  await expect(mine.getByText("Approved", { exact: true })).toBeVisible();
  await expect(mine.getByText(/^[A-HJKMNP-Z2-9]{8}$/)).toBeVisible();
  // The tab the colour-scheme pages do not open: its states' badges pass axe too.
  expect(await seriousViolations(staff)).toEqual([]);

  // Staff spends it: the charge, entered with the code (checked on the server), uses the code up.
  await mine.getByRole("button", { name: "Enter the charge" }).click();
  const charge = staff.getByRole("dialog", { name: "Enter the charge" });
  await expect(charge.getByRole("textbox", { name: "Amount" })).toHaveValue("12.34");
  await charge.getByRole("textbox", { name: "Merchant" }).fill("Riverside Inn");
  await charge.getByRole("button", { name: "Insert" }).click();
  await expect(staff.getByText("Record inserted successfully!")).toBeVisible();
  await expect(mine.getByText(/^Code used /)).toBeVisible();
  await expect(mine.getByRole("button", { name: "Enter the charge" })).toHaveCount(0);
  await staffContext.close();
  await adminContext.close();
});

test("noperm opens the inbox and finds it empty; staff may not open the cards", async ({ page, browser }) => {
  await openSignedIn(page, "noperm", "/webapp/inbox");
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(page.getByText("Nothing waits for you.")).toBeVisible();
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await openSignedIn(staff, "staff", "/webapp/creditcard/all");
  await expect(staff).toHaveURL(/\/webapp\/forbidden$/);
  await staffContext.close();
});

test("a receipt attached to a charge on the card's page is listed with its size and opens as it was sent", async ({
  page,
}) => {
  await openSignedIn(page, "admin", "/webapp/creditcard?id=1&tab=charges");
  const charges = page.getByRole("table", { name: "Charges" });
  await charges.getByRole("row").nth(1).click();
  const dialog = page.getByRole("dialog", { name: /^Charge \d+/ });
  const name = `receipt-${Date.now()}.png`;
  // A photo of a receipt (a PNG of one pixel): a picture opens in a tab; a PDF would be saved
  // by the headless browser, which has no viewer.
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  const bytes = Buffer.from(png, "base64");
  // The form goes through the app's one client as multipart (its fields, then the file).
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: "image/png", buffer: bytes });
  await expect(page.getByText(`${name} was attached.`)).toBeVisible();
  const listed = dialog.getByRole("listitem").filter({ hasText: name });
  await expect(listed).toContainText(`${bytes.length} bytes · added by Alex Morgan on`);
  // It opens in a tab of its own.
  const [tab] = await Promise.all([
    page.waitForEvent("popup"),
    listed.getByRole("button", { name, exact: true }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  // The browser shows it as the picture it is: the one pixel the server kept.
  await expect.poll(() => tab.evaluate(() => document.querySelector("img")?.naturalWidth ?? 0)).toBe(1);
});
