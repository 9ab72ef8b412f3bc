import { NOT_FOUND_ROUTE, ROUTES, type RouteDef, routeName } from "@office/core";
import { lazy, Suspense } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import { importPage, reloadInto } from "./chunk-reload";
import { PageLoading } from "./PageLoading";
import { pageOf } from "./page-registry";

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

// While the first route loads, the boot shell painted from index.html is the loading state
// (boot-shell.ts): rendering nothing keeps it.
const BOOT_SHELL_STAYS = null;

const lazyPage = (route: RouteDef) => async () => ({
  Component: await importPage(pageOf(route)),
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
        hydrateFallbackElement: BOOT_SHELL_STAYS,
      })),
      // Spec 9: an identity provider's callback lands on the login page (sign-in is the product's own).
      { path: "/callback", loader: () => redirect("/login") },
      {
        lazy: async () => ({
          Component: await importPage(async () => (await import("./ShellLayout")).ShellLayout),
        }),
        errorElement: routeError,
        hydrateFallbackElement: BOOT_SHELL_STAYS,
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
