import { Box } from "@mantine/core";
import { findRoute, menuTree, NOT_FOUND_ROUTE, ROUTES } from "@office/core";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useTokenRefresh } from "../auth/token-refresh";
import { ViewingAsBanner } from "../features/admin/ViewingAsBanner";
import { useAccess } from "../services/access";
import { type Crumb, defaultCrumb, pageTitle, SetCrumbContext } from "../services/breadcrumb-context";
import { useChunkComponent } from "../services/chunk-component";
import { useLayout } from "../services/device";
import { clearFailure, useFailure } from "../services/failures";
import { useAppliedPreferences } from "../services/preferences";
import { queryClient } from "../services/query-client";
import { pendingApprovalCountQuery, userQuery } from "../services/session";
import { signOutToLogin } from "../services/sign-out";
import { Breadcrumb } from "./Breadcrumb";
import { DesktopNav } from "./DesktopNav";
import { ErrorPage } from "./ErrorPage";
import { Header } from "./Header";
import { PaletteShortcut } from "./PaletteShortcut";

// A phone's menu (NavLinks, a collapse) loads on phones only: a desktop never renders it.
const loadMobileNav = async () => (await import("./MobileNav")).MobileNav;

/** The shell around every page but login: header, menus, breadcrumb, and the page or its failure. */
export function ShellLayout() {
  // The data cache lives with the shell: the login page's first load does without it.
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const layout = useLayout();
  const MobileNav = useChunkComponent(loadMobileNav, layout === "mobile");
  const location = useLocation();
  const navigate = useNavigate();
  const route = findRoute(location.pathname) ?? NOT_FOUND_ROUTE;
  const failure = useFailure();
  const [pageCrumb, setPageCrumb] = useState<Crumb | null>(null);
  const [menuOpened, setMenuOpened] = useState(false);
  const { data: user } = useQuery(userQuery);
  useAppliedPreferences();
  useTokenRefresh();
  const access = useAccess();
  // The inbox count is loaded when the shell starts, in either layout, and kept (docs/product-rules.md#access).
  const { data: pendingApprovals } = useQuery(pendingApprovalCountQuery);

  // The menus offer what the user may open; disabled items stay, shown disabled.
  const tree = useMemo(() => menuTree(ROUTES.filter((r) => r.disabled || access.route(r))), [access]);
  const crumb = pageCrumb ?? defaultCrumb(route, location.search, failure === null);

  // A failure belongs to the page it happened on; a new address starts clean. A layout effect,
  // so it runs before the new page's own effects, which may report a failure of their own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useLayoutEffect(() => {
    clearFailure();
    setMenuOpened(false);
  }, [location.key]);

  useEffect(() => {
    document.title = pageTitle(route.title, crumb?.level2);
  }, [route.title, crumb?.level2]);

  const logout = () => void signOutToLogin(navigate);

  return (
    <SetCrumbContext.Provider value={setPageCrumb}>
      <Box bg="var(--mantine-color-body)" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Header
          layout={layout}
          user={user}
          pendingApprovals={pendingApprovals}
          menuOpened={menuOpened}
          onToggleMenu={() => setMenuOpened((o) => !o)}
          onLogout={logout}
        />
        {layout === "desktop" ? (
          // A user with nothing to open (no permission rows yet) gets no empty menu bar.
          tree.length > 0 ? (
            <DesktopNav tree={tree} path={route.path} />
          ) : null
        ) : MobileNav ? (
          <MobileNav
            opened={menuOpened}
            tree={tree}
            path={route.path}
            pendingApprovals={pendingApprovals}
            onGo={() => setMenuOpened(false)}
            onLogout={logout}
          />
        ) : null}
      </Box>
      {user ? <PaletteShortcut /> : null}
      <ViewingAsBanner />
      <Breadcrumb route={route} crumb={crumb} />
      <Box component="main" id="content">
        {failure ? <ErrorPage failure={failure} /> : <Outlet />}
      </Box>
    </SetCrumbContext.Provider>
  );
}
