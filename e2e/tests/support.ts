import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** Signs in through the login page, as a person would, and waits for the shell. */
export async function signIn(page: Page, username: string, landing = /\/webapp\/?$/) {
  await page.goto("/webapp/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landing);
}

export async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post("/API/Authenticate/", { data: { username, password: "demo" } });
  return (await response.json()).token;
}

/** Rows of the data service, read with a demo account's token (test data comes from the API). */
export async function query<Row>(
  request: APIRequestContext,
  token: string,
  params: Record<string, string | number>,
): Promise<Row[]> {
  const response = await request.get("/API/Query/", {
    params,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** Console messages that report a Content-Security-Policy violation. */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

export const breadcrumb = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });
