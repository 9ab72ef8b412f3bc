import { expect, test } from "@playwright/test";
import { recordForm } from "./directory-support.js";
import { breadcrumb, signIn, watchCsp } from "./support.js";

/*
 * The server's policy allows no 'unsafe-eval': a page that tries to evaluate text (zod probes
 * with `new Function("")` unless it runs jitless) raises a violation even though the attempt
 * is caught, and a strict policy's reports would fill with it.
 */
test("login, home, a list and a data-entry page raise no Content-Security-Policy violation", async ({ page }) => {
  const events: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => events.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const console = watchCsp(page);

  await signIn(page, "admin");
  await expect(page.getByRole("button", { name: "Project Notes" }).first()).toBeVisible();
  await page.goto("/webapp/client/all");
  await expect(page.getByRole("table", { name: "Clients" }).locator("tbody tr[tabindex]").first()).toBeVisible();
  await page.goto("/webapp/project/de?id=1");
  await expect(breadcrumb(page)).toContainText("1");
  await expect(recordForm(page, "Project").getByRole("textbox", { name: "Name", exact: true })).not.toHaveValue("");

  expect(events).toEqual([]);
  expect(console).toEqual([]);
});
