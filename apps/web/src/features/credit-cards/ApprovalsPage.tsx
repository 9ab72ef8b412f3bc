import { Group, Text } from "@mantine/core";
import {
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  requestStateWhere,
  searchableColumns,
  vwCCApprovals,
} from "@office/core";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { useAddressFilter } from "../../widgets/search/AddressFilter";
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
const STATES = REQUEST_STATES.map((state) => ({
  value: state,
  label: REQUEST_STATE_LABELS[state],
  where: requestStateWhere(state),
}));

/**
 * /approvals (page 47): every request to use a card, newest first, with both decisions, for
 * a finance team to look through and export. Decisions are made in each decider's inbox.
 */
export function ApprovalsPage() {
  const state = useAddressFilter("state", "State", "Every state", STATES);
  return (
    <PageFrame gap="sm">
      <PageHeading path="/approvals" />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text size="sm" c="dimmed">
          Every card request and how it was decided. Requests waiting for you are decided in your Inbox.
        </Text>
        {state.select}
      </Group>
      <SearchableTable
        label="Approvals"
        table={vwCCApprovals.name}
        columns={COLUMNS}
        searchColumns={SEARCH}
        {...(state.where ? { where: state.where } : {})}
        order="ccPermissionRequestedTS DESC, ccPermissionID DESC"
      />
    </PageFrame>
  );
}
