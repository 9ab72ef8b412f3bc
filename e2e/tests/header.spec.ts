import { expect, test } from "@playwright/test";
import { pauseClock, query, signIn, tokenOf } from "./support.js";

interface Hit {
  projectID: number;
  projectName: string;
  projectFirstSourceNumber: string | null;
  projectSecondSourceNumber: string | null;
}

const search = (page: import("@playwright/test").Page) => page.getByRole("textbox", { name: "Project search" });
const option = (page: import("@playwright/test").Page, id: number) =>
  page.getByRole("option", { name: new RegExp(`^${id} · `) });

test.describe("Quick Launch", () => {
  test.beforeEach(async ({ page }) => signIn(page, "staff"));

  test("refuses letters and a 16th digit", async ({ page }) => {
    const box = page.getByRole("textbox", { name: "Quick Launch" });
    await box.pressSequentially("12ab3");
    await expect(box).toHaveValue("123");
    await box.fill("");
    await box.pressSequentially("1234567890123456");
    await expect(box).toHaveValue("123456789012345");
  });

  test("opens the project with Enter and with its button", async ({ page }) => {
    const box = page.getByRole("textbox", { name: "Quick Launch" });
    await box.fill("42");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/webapp\/project\/de\?id=42$/);
    await expect(page).toHaveTitle("Project - 42");
    await box.fill("7");
    await page.getByRole("button", { name: "Open project" }).click();
    await expect(page).toHaveURL(/\/webapp\/project\/de\?id=7$/);
  });
});

test.describe("the project search dropdown", () => {
  let open: Hit;
  let closed: Hit;
  let bySecondSource: Hit;
  test.beforeAll(async ({ request }) => {
    const token = await tokenOf(request, "admin");
    const fields = "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber";
    const first = async (where: string) => {
      const [hit] = await query<Hit>(request, token, {
        table: "vwProjectSearch",
        fields,
        where,
        order: "projectID DESC",
        rowLimit: 1,
      });
      if (!hit) throw new Error(`the demo company has no project where ${where}`);
      return hit;
    };
    open = await first("latestStatusCodeID NOT IN (56, 66, 194) AND projectFirstSourceNumber IS NOT NULL");
    closed = await first("latestStatusCodeID IN (56, 66, 194) AND projectFirstSourceNumber IS NOT NULL");
    bySecondSource = await first("latestStatusCodeID NOT IN (56, 66, 194) AND projectSecondSourceNumber IS NOT NULL");
  });
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await signIn(page, "staff");
  });

  test("finds a project by id and opens it", async ({ page }) => {
    await search(page).fill(String(open.projectID));
    await option(page, open.projectID).click();
    await expect(page).toHaveURL(new RegExp(`/webapp/project/de\\?id=${open.projectID}$`));
  });

  test("finds a project by its name and by its source number", async ({ page }) => {
    await search(page).fill(open.projectName);
    await expect(option(page, open.projectID)).toBeVisible();
    await search(page).fill(open.projectFirstSourceNumber ?? "");
    await expect(option(page, open.projectID)).toBeVisible();
  });

  test("finds a project by its second source number", async ({ page }) => {
    const term = bySecondSource.projectSecondSourceNumber ?? "";
    // The term is in neither the name nor the first source number: only the second matches.
    expect(bySecondSource.projectName.toLowerCase()).not.toContain(term.toLowerCase());
    expect((bySecondSource.projectFirstSourceNumber ?? "").toLowerCase()).not.toContain(term.toLowerCase());
    await search(page).fill(term);
    await expect(option(page, bySecondSource.projectID)).toBeVisible();
  });

  test("searches once, 500 ms after the typing stops, for the last term", async ({ page }) => {
    const sent: URL[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/API/Query/" && url.searchParams.get("table") === "vwProjectSearch") sent.push(url);
    });
    await pauseClock(page);
    await search(page).pressSequentially("La");
    await page.clock.runFor(400);
    await search(page).pressSequentially("ke");
    await page.clock.runFor(499);
    await page.clock.runFor(2);
    await page.clock.resume();
    await expect(page.getByRole("option").first()).toBeVisible();
    // Typing with pauses under 500 ms sent nothing; the pause after it sent one search.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.searchParams.get("where")).toContain("'%Lake%'");
    expect(sent[0]?.searchParams.get("where")).not.toContain("'%La%'");
  });

  test("asks for 50 rows and offers at most 50 projects", async ({ page }) => {
    const answer = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === "/API/Query/" && url.searchParams.get("table") === "vwProjectSearch";
    });
    await search(page).fill("a");
    const response = await answer;
    expect(new URL(response.url()).searchParams.get("rowLimit")).toBe("50");
    // More than 50 open projects match "a": the dropdown shows the first 50.
    expect((await response.json()).meta.TotalRecords).toBeGreaterThan(50);
    await expect(page.getByRole("option")).toHaveCount(50);
  });

  test("leaves out projects whose latest status is 56, 66 or 194", async ({ page }) => {
    await search(page).fill(closed.projectFirstSourceNumber ?? "");
    await expect(page.getByText("No open project matches")).toBeVisible();
    await search(page).fill(String(closed.projectID));
    await expect(page.getByRole("option").first()).toBeVisible();
    await expect(option(page, closed.projectID)).toHaveCount(0);
  });

  test("Enter with a project number opens it; Enter on a chosen option opens that one", async ({ page }) => {
    await search(page).fill(String(closed.projectID));
    await search(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/webapp/project/de\\?id=${closed.projectID}$`));
    await expect(search(page)).toHaveValue("");
    await search(page).fill(open.projectFirstSourceNumber ?? "");
    await expect(option(page, open.projectID)).toBeVisible();
    await search(page).press("ArrowDown");
    await search(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/webapp/project/de\\?id=${open.projectID}$`));
  });

  test("takes a quote in the term as text", async ({ page }) => {
    await search(page).fill("O'Brien' OR 1=1");
    await expect(page.getByText("No open project matches")).toBeVisible();
  });
});

test("the page title is breadcrumb level 1, then level 2", async ({ page }) => {
  await signIn(page, "admin");
  await expect(page).toHaveTitle("Home");
  for (const [path, title] of [
    ["/statusdashboard", "Status Dashboard"],
    ["/list/clientcategories", "Project Categories"],
    ["/project/de?id=31", "Project - 31"],
    ["/project/de", "Project"],
    ["/rn", "Release Notes"],
  ] as const) {
    await page.goto(`/webapp${path}`);
    await expect(page).toHaveTitle(title);
  }
});

test("the header links home, to settings and to the time clock in a new tab; a production build has no Dev Version banner", async ({
  page,
}) => {
  await signIn(page, "staff");
  await expect(page.getByText("Dev Version")).toHaveCount(0);
  const clock = page.getByRole("link", { name: "Time Clock" });
  await expect(clock).toHaveAttribute("target", "_blank");
  await expect(clock).toHaveAttribute("href", /^https?:\/\//);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/webapp\/settings$/);
  await page.getByRole("link", { name: "Office home" }).click();
  await expect(page).toHaveURL(/\/webapp\/?$/);
});

test("the avatar shows two initials and opens its panel on focus", async ({ page, request }) => {
  await signIn(page, "staff");
  const token = await tokenOf(request, "staff");
  const info = await request.get("/API/EmployeeInfo/", { headers: { authorization: `Bearer ${token}` } });
  const [user] = (await info.json()).data;
  const avatar = page.getByRole("button", { name: /availability and settings/ });
  await expect(avatar).toHaveText(`${user.empFirstName[0]}${user.empLastName[0]}`.toUpperCase());
  await avatar.focus();
  const panel = page.getByRole("dialog");
  await expect(panel.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Time Clock" })).toHaveAttribute("target", "_blank");
});
