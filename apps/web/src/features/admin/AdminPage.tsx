import { Tabs } from "@mantine/core";
import { useSearchParams } from "react-router";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { AuditTrail } from "./AuditTrail";
import { ViewAsPanel } from "./ViewAsPanel";

/**
 * Administration (page 40; docs/decisions.md#administration): the audit trail browser and View
 * as, each a tab in the address (`?tab=view-as`).
 */
export function AdminPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get("tab") === "view-as" ? "view-as" : "audit";
  return (
    <PageFrame>
      <PageHeading path="/admin" />
      <Tabs
        value={tab}
        onChange={(next) => setSearch(next === "view-as" ? { tab: "view-as" } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="audit">Audit trail</Tabs.Tab>
          <Tabs.Tab value="view-as">View as</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="audit" pt="md">
          <AuditTrail />
        </Tabs.Panel>
        <Tabs.Panel value="view-as" pt="md">
          <ViewAsPanel />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
