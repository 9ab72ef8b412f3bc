import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoot } from "./AppRoot";

// The banner reads Vite's import.meta.env.DEV, which `vite build` fixes to false and the dev
// server (npm run dev) to true; the e2e tests run the production build and see none.
const loginPage = () =>
  renderToStaticMarkup(
    createElement(AppRoot, {
      router: createMemoryRouter([{ path: "/login", element: "Sign in to Office" }], { initialEntries: ["/login"] }),
    }),
  );

describe("the Dev Version banner", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("shows on every page of a development build, the bare login page too, red, as a note", () => {
    vi.stubEnv("DEV", true);
    const html = loginPage();
    expect(html).toContain("Sign in to Office");
    expect(html).toMatch(/<div role="note" style="background:#c92a2a[^"]*">Dev Version<\/div>/);
  });

  it("is absent from a production build", () => {
    vi.stubEnv("DEV", false);
    const html = loginPage();
    expect(html).toContain("Sign in to Office");
    expect(html).not.toContain("Dev Version");
  });
});
