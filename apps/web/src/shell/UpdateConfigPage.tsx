import { Loader, Text } from "@mantine/core";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { queryClient } from "../services/query-client";
import { appConfigQuery, permissionsQuery } from "../services/session";
import { PageFrame } from "../widgets/PageFrame";

/** /update-config: reads the installation's settings and the user's permissions again, then goes home. */
export function UpdateConfigPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    const reload = async () => {
      await Promise.all([
        queryClient.fetchQuery({ ...appConfigQuery, staleTime: 0 }),
        queryClient.fetchQuery({ ...permissionsQuery, staleTime: 0 }),
      ]);
      if (live) navigate("/", { replace: true });
    };
    reload().catch(() => {});
    return () => {
      live = false;
    };
  }, [navigate]);
  return (
    <PageFrame align="flex-start">
      <Loader size="sm" role="status" aria-label="Updating" />
      <Text>Updating the configuration…</Text>
    </PageFrame>
  );
}
