import { Loader, Text } from "@mantine/core";
import { findRoute } from "@office/core";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { settingsQuery } from "../services/preferences";
import { queryClient } from "../services/query-client";
import { appConfigQuery, pendingApprovalCountQuery, permissionsQuery } from "../services/session";
import { PageFrame } from "../widgets/PageFrame";

/**
 * Where /update-config returns to: `back`, a page of the product (a path of ours, never
 * another site's), else Home.
 */
export function returnPath(back: string | null): string {
  if (!back?.startsWith("/") || back.startsWith("//")) return "/";
  const url = new URL(back, "http://office.invalid");
  return findRoute(url.pathname) ? `${url.pathname}${url.search}` : "/";
}

/**
 * /update-config (spec 2.1): reads again what the browser keeps of the session (the
 * permissions, and with them the menus and the navigation; the settings; the installation's
 * configuration; the inbox's count), then returns to the page named by `back`.
 */
export function UpdateConfigPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = returnPath(search.get("back"));
  useEffect(() => {
    let live = true;
    const reload = async () => {
      await Promise.all(
        [appConfigQuery, permissionsQuery, settingsQuery, pendingApprovalCountQuery].map((query) =>
          queryClient.fetchQuery({ ...query, staleTime: 0 } as Parameters<typeof queryClient.fetchQuery>[0]),
        ),
      );
      if (live) navigate(back, { replace: true });
    };
    reload().catch(() => {});
    return () => {
      live = false;
    };
  }, [navigate, back]);
  return (
    <PageFrame align="flex-start">
      <Loader size="sm" role="status" aria-label="Updating" />
      <Text>Updating the configuration…</Text>
    </PageFrame>
  );
}
