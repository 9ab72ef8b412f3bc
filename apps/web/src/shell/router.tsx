import { NOT_FOUND_ROUTE, ROUTES, type RouteDef, routeName } from "@office/core";
import { type ComponentType, lazy, Suspense } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { importPage, reloadInto } from "./chunk-reload";
import { PageLoading } from "./PageLoading";

// The guard, the error page and the data cache load with the first route that needs them, so
// the login page's first load carries none of them. The guard's chunk reloads like a page's.
const guard = (route: RouteDef) => async (args: LoaderFunctionArgs) =>
  (await importPage(() => import("./guard"))).guard(route)(args);
const LazyRouteError = lazy(async () => ({ default: (await import("./RouteError")).RouteError }));
const routeError = (
  <Suspense fallback={<PageLoading />}>
    <LazyRouteError />
  </Suspense>
);

type PageModule = () => Promise<ComponentType>;

/** The pages the router names, by route path. */
const PAGES: Record<string, PageModule> = {
  "/login": async () => (await import("../features/login/LoginPage")).LoginPage,
  "/settings": async () => (await import("../features/settings/SettingsPage")).SettingsPage,
  "/statusdashboard": async () => (await import("../features/projects/StatusDashboardPage")).StatusDashboardPage,
  "/rn": async () => (await import("../features/release-notes/ReleaseNotesPage")).ReleaseNotesPage,
  "/forbidden": async () => (await import("./ForbiddenPage")).ForbiddenPage,
  "/update-config": async () => (await import("./UpdateConfigPage")).UpdateConfigPage,
  "/inbox": async () => (await import("./InboxPage")).InboxPage,
  "/list": async () => (await import("../features/lists/ListsPage")).ListsPage,
};
const emptyPage: PageModule = async () => (await import("./EmptyPage")).EmptyPage;
// A data-entry route that shows a record: its breadcrumb looks the record up until the area's page lands.
const recordPage: PageModule = async () => (await import("./RecordPage")).RecordPage;

// A route the router names no page for may have one built from a core declaration (a directory
// area's, a list's); else it is the shell over an empty page (or a record's breadcrumb).
const declaredOrEmpty =
  (route: RouteDef): PageModule =>
  async () =>
    (await (await import("../features/declared-pages")).declaredPage(route.path)) ??
    (await (route.record ? recordPage : emptyPage)());

const lazyPage = (route: RouteDef) => async () => ({
  Component: await importPage(PAGES[route.path] ?? declaredOrEmpty(route)),
});

function child(route: RouteDef): RouteObject {
  const common = { id: routeName(route.path), loader: guard(route), lazy: lazyPage(route) };
  return route.path === "/" ? { index: true, ...common } : { path: route.path, ...common };
}

/** The router, derived from the route table of core: login bare, everything else in the shell. */
export function createRouter() {
  const shell = ROUTES.filter((r) => !r.bare);
  const router = createBrowserRouter(
    [
      ...ROUTES.filter((r) => r.bare).map((r) => ({
        id: routeName(r.path),
        path: r.path,
        lazy: lazyPage(r),
        errorElement: routeError,
        hydrateFallbackElement: <PageLoading />,
      })),
      {
        lazy: async () => ({
          Component: await importPage(async () => (await import("./ShellLayout")).ShellLayout),
        }),
        errorElement: routeError,
        hydrateFallbackElement: <PageLoading />,
        children: [
          ...shell.map(child),
          {
            path: "*",
            loader: guard(NOT_FOUND_ROUTE),
            lazy: async () => ({
              Component: await importPage(async () => (await import("./NotFoundPage")).NotFoundPage),
            }),
          },
        ],
      },
    ],
    { basename: "/webapp" },
  );
  // A chunk that fails during a navigation reloads into the address being opened.
  reloadInto(() => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : undefined;
  });
  return router;
}
