import { Group, Select, Stack, Text } from "@mantine/core";
import {
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  type RequestState,
  requestStateWhere,
  searchableColumns,
  vwCCApprovals,
} from "@office/core";
import { useSearchParams } from "react-router";
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
const EVERY = "every";
const STATE_OPTIONS = [
  { value: EVERY, label: "Every state" },
  ...REQUEST_STATES.map((state) => ({ value: state, label: REQUEST_STATE_LABELS[state] })),
];
const isState = (value: string | null): value is RequestState => REQUEST_STATES.some((state) => state === value);

/**
 * /approvals (page 47): every request to use a card, newest first, with both decisions, for
 * a finance team to look through and export. Decisions are made in each decider's inbox.
 */
export function ApprovalsPage() {
  // The state shown is in the address (?state=approved), so a filtered list can be linked to.
  const [params, setParams] = useSearchParams();
  const asked = params.get("state");
  const state = isState(asked) ? asked : null;
  const choose = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (isState(value)) next.set("state", value);
        else next.delete("state");
        return next;
      },
      { replace: true },
    );
  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text size="sm" c="dimmed">
          Every card request and how it was decided. Requests waiting for you are decided in your Inbox.
        </Text>
        <Select
          label="State"
          data={STATE_OPTIONS}
          value={state ?? EVERY}
          onChange={choose}
          allowDeselect={false}
          w={280}
        />
      </Group>
      <SearchableTable
        label="Approvals"
        table={vwCCApprovals.name}
        columns={COLUMNS}
        searchColumns={SEARCH}
        {...(state ? { where: requestStateWhere(state) } : {})}
        order="ccPermissionRequestedTS DESC, ccPermissionID DESC"
      />
    </Stack>
  );
}
