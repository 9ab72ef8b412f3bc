import { Tabs } from "@mantine/core";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { useTabInAddress } from "../../widgets/table/list-address";
import { AuditTrail } from "./AuditTrail";
import { BackupsPanel, BackupWarning } from "./BackupsPanel";
import { BulkPermissions } from "./BulkPermissions";
import { ViewAsPanel } from "./ViewAsPanel";

const TABS = ["audit", "view-as", "permissions", "backups"] as const;

/**
 * Administration (page 40; docs/decisions.md#administration): the audit trail browser, View as,
 * bulk permissions and backups, each a tab in the address (`?tab=view-as`). A backup not proved
 * to restore, an old or a failed one, is warned of above every tab.
 */
export function AdminPage() {
  const [tab, setTab] = useTabInAddress(TABS);
  return (
    <PageFrame>
      <PageHeading path="/admin" />
      <BackupWarning onBackupsTab={tab === "backups"} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="audit">Audit trail</Tabs.Tab>
          <Tabs.Tab value="view-as">View as</Tabs.Tab>
          <Tabs.Tab value="permissions">Bulk permissions</Tabs.Tab>
          <Tabs.Tab value="backups">Backups</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="audit" pt="md">
          <AuditTrail />
        </Tabs.Panel>
        <Tabs.Panel value="view-as" pt="md">
          <ViewAsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="permissions" pt="md">
          <BulkPermissions />
        </Tabs.Panel>
        <Tabs.Panel value="backups" pt="md">
          <BackupsPanel />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
