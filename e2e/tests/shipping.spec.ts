import { expect, test } from "@playwright/test";
import { openSignedIn } from "./support.js";

/*
 * The truck (spec 2.4, 4, 8; issue 36) in Chromium against the demo company, whose parcels the
 * demo carrier tracks: its toasts in order, the run's result above the shipments list, and the
 * truck only for whoever may view shipping.
 */

const ASKED =
  "Tracking Shipping Projects is running and may take a couple of minutes. You can either wait or navigate to other pages.";

test("the truck says the run is asked for, then 'Process Completed', and the shipments list shows the run", async ({
  page,
}) => {
  await openSignedIn(page, "admin", "/webapp/shippingcompany/shipments");
  await expect(page.getByRole("heading", { name: "Shipments", level: 1 })).toBeVisible();
  // The toasts' words in the order they appear.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll(".mantine-Notification-description"))) {
        const text = toast.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Track shipments" }).click();
  await expect(page.getByText("Process Completed")).toBeVisible({ timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
  expect(seen.filter((text) => text === ASKED || text === "Process Completed")).toEqual([ASKED, "Process Completed"]);
  // The run's result, read again when it ended (the live stream).
  await expect(page.getByText(/Last tracking run: .* by Morgan, Alex/)).toBeVisible();
  await expect(page.getByText(/\d+ asked/)).toBeVisible();
});

test("the truck is not there for whoever may not view shipping", async ({ page }) => {
  await openSignedIn(page, "staff", "/webapp/");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Track shipments" })).toHaveCount(0);
});
