/**
 * Renders a widget or a page as the app would: Mantine with the app's theme, toasts, a fresh
 * data cache (nothing retried) that reports failures as the app does, a memory router, and a
 * fake server (./fake-api.ts) answering its calls.
 *
 *   const { api, user, location } = renderWithApp(<MyPage />, {
 *     path: "/client/all?q=1",            // the address it opens at (default "/")
 *     route: "/client/all",               // the route pattern it is mounted at (default "*")
 *     routes: [{ path: "/client/de", element: <p>Record</p> }],  // other pages it may go to
 *     permissions: permissionsOf({ 23: ["view"] }),   // default: every flag on every page
 *     user: { empID: 7 }, config: { timeZone: "UTC" },
 *     tables: { tblClient: [{ clientID: 1, clientName: "Acme" }] },
 *   });
 *   await user.click(await screen.findByRole("button", { name: "Search" }));
 *   expect(location().search).toBe("?clientName=Acme");
 *   expect(api.queries("tblClient")).toHaveLength(1);
 *
 * - `fill(box, text)` empties a box and pastes text into it (as Playwright's fill): one input
 *   instead of a render per key. `user.type` where the keys matter (a debounce, Enter).
 * - `user` is a userEvent session that works with real and fake timers alike: with
 *   `vi.useFakeTimers()` it advances them as it types, and findBy* and waitFor advance them too
 *   (setup.ts). `advance(ms)` moves fake time on inside act.
 * - The signed-in user's permissions and user are in the cache before the first render (the
 *   app's guard loads them before any page), and the fake answers them too; the app config
 *   is only answered (a page that reads it waits for it, as in the app).
 * - As in the shell, a failure a read reports (a 4xx, or the network) replaces the page with
 *   the app's error page, and a 500 is a toast; `failure()` is what was reported. The page's
 *   breadcrumb (useBreadcrumb) is `crumb()`.
 * - Pass `api` to reuse a fake you installed (installFakeApi) before rendering.
 */
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { AppConfigResponse, PermissionRow, SignedInUser } from "@office/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, type RenderResult, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, StrictMode, useLayoutEffect } from "react";
import { createMemoryRouter, type Location, type RouteObject, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { type Crumb, SetCrumbContext } from "../services/breadcrumb-context";
import { clearFailure, type Failure, useFailure } from "../services/failures";
import { createQueryClient } from "../services/query-client";
import { permissionsQuery, userQuery } from "../services/session";
import { ErrorPage } from "../shell/ErrorPage";
import { cssVariables, theme } from "../shell/theme";
import { type FakeApi, installFakeApi, type Row } from "./fake-api";

export interface AppOptions {
  /**
   * The address the router starts at (path and query), default "/"; a list is a history, the
   * last one open (Back goes to the one before).
   */
  path?: string | readonly string[];
  /** The route pattern `ui` is mounted at, default "*" (every address). */
  route?: string;
  /** Other routes, for pages the ui links or navigates to. */
  routes?: RouteObject[];
  /** The signed-in user's permission rows; default every flag on every page. */
  permissions?: PermissionRow[];
  user?: Partial<SignedInUser>;
  config?: Partial<AppConfigResponse>;
  /** Rows of tables and views the fake server holds. */
  tables?: Record<string, readonly Row[]>;
  /** A fake already installed; a new one otherwise. */
  api?: FakeApi;
  /** React's StrictMode, as the app renders; off by default: it renders everything twice, twice as slow. */
  strict?: boolean;
}

export interface AppRender extends RenderResult {
  api: FakeApi;
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  /** Where the router is now. */
  location: () => Location;
  /** The failure reported to the shell (shown as the error page), if any. */
  failure: () => Failure | null;
  /** The breadcrumb the page set, if any. */
  crumb: () => Crumb | null;
  /** Moves fake timers on by `ms` inside act (vi.useFakeTimers() first). */
  advance: (ms: number) => Promise<void>;
  /**
   * Playwright's fill: empties a box and pastes the text in one input, much faster than typing
   * it a key at a time (each key renders the page again). Type where the keys matter.
   */
  fill: (element: HTMLElement, text: string) => Promise<void>;
}

/** The app's data cache (services/query-client.ts), fresh for one test. */
export const testQueryClient = createQueryClient;

/** A userEvent session that advances fake timers when they are on. */
export function testUser() {
  return userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
}

interface Seen {
  failure: Failure | null;
  crumb: Crumb | null;
}

/** What the shell puts around a page: its breadcrumb, and the error page in place of a failed page. */
function Page({ seen, children }: { seen: Seen; children: ReactNode }) {
  const failure = useFailure();
  const location = useLocation();
  seen.failure = failure;
  // As in the shell: a failure belongs to the address it happened at.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useLayoutEffect(() => clearFailure(), [location.key]);
  return (
    <SetCrumbContext.Provider
      value={(crumb) => {
        seen.crumb = crumb;
      }}
    >
      <main>{failure ? <ErrorPage failure={failure} /> : children}</main>
    </SetCrumbContext.Provider>
  );
}

/** Renders `ui` inside the app's providers, a memory router and a fake server. */
export function renderWithApp(ui: ReactNode, options: AppOptions = {}): AppRender {
  const api = options.api ?? installFakeApi();
  for (const [name, rows] of Object.entries(options.tables ?? {})) api.table(name, rows);
  if (options.permissions) api.permissions = options.permissions;
  api.user = { ...api.user, ...options.user };
  api.config = { ...api.config, ...options.config };

  const queryClient = testQueryClient();
  queryClient.setQueryData(permissionsQuery.queryKey, api.permissions);
  queryClient.setQueryData(userQuery.queryKey, api.user);

  const seen: Seen = { failure: null, crumb: null };
  const route = options.route ?? "*";
  const router = createMemoryRouter(
    [
      { path: route, element: <Page seen={seen}>{ui}</Page> },
      ...(options.routes ?? []).map((r) => ({ ...r, element: <Page seen={seen}>{r.element}</Page> })),
      ...(route === "*" ? [] : [{ path: "*", element: <p>Another page</p> }]),
    ] as RouteObject[],
    { initialEntries: typeof options.path === "string" ? [options.path] : [...(options.path ?? ["/"])] },
  );
  const tree = (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} env="test">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  const user = testUser();
  return {
    ...result,
    api,
    user,
    router,
    queryClient,
    location: () => router.state.location,
    failure: () => seen.failure,
    crumb: () => seen.crumb,
    advance: (ms) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      }),
    fill: async (element, text) => {
      await user.clear(element);
      if (text) await user.paste(text);
    },
  };
}
