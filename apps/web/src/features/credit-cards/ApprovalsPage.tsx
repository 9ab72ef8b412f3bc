import { Stack, Text } from "@mantine/core";
import { searchableColumns, vwCCApprovals } from "@office/core";
import { tableColumns } from "../../widgets/table/columns";
import { SearchableTable } from "../../widgets/table/SearchableTable";

// The id first: the Excel export leaves the first column out (spec 4).
const COLUMNS = tableColumns(vwCCApprovals, [
  "ccPermissionID",
  "ccPermissionRequestedTS",
  "requesterName",
  "ccName",
  "ccLastFour",
  "holderName",
  "ccPermissionPurpose",
  "projectName",
  "ccPermissionAmount",
  "ccPermissionCCUsedApprovalStatus",
  "ccPermissionOverLimitApprovalStatus",
]);
const SEARCH = searchableColumns(vwCCApprovals);

/**
 * /approvals (page 47): every request to use a card, newest first, with both decisions, for
 * a finance team to look through and export. Decisions are made in each decider's inbox.
 */
export function ApprovalsPage() {
  return (
    <Stack p="md" gap="sm">
      <Text size="sm" c="dimmed">
        Every card request and how it was decided. Requests waiting for you are decided in your Inbox.
      </Text>
      <SearchableTable
        label="Approvals"
        table={vwCCApprovals.name}
        columns={COLUMNS}
        searchColumns={SEARCH}
        order="ccPermissionRequestedTS DESC, ccPermissionID DESC"
      />
    </Stack>
  );
}
