import { Button, Group, Stack, Text } from "@mantine/core";
import { searchableColumns, vwCardCharges } from "@office/core";
import { IconFileImport } from "@tabler/icons-react";
import { Link } from "react-router";
import { tableColumns } from "../../widgets/table/columns";
import { SearchableTable } from "../../widgets/table/SearchableTable";

const COLUMNS = tableColumns(
  vwCardCharges,
  // The id first: the Excel export leaves the first column out (spec 4).
  [
    "ccChargeID",
    "ccChargeDate",
    "ccName",
    "ccLastFour",
    "holderName",
    "spenderName",
    "ccChargeMerchant",
    "ccChargeAmount",
    "projectName",
    "ccPermissionPurpose",
    "matched",
    "hasReceipt",
    "ccChargeSource",
  ],
  { matched: "Matches a Request" },
);
const SEARCH = searchableColumns(vwCardCharges);

/**
 * /creditcard/statementsearch (page 47, hidden): every charge on the company's cards, newest
 * first — entered with an approval code or imported from a statement — with whether it matches
 * an approved request, to search, follow up and export.
 */
export function StatementSearchPage() {
  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Charges that match no request ("No" under Matches a Request) are the ones to follow up.
        </Text>
        <Button
          component={Link}
          to="/creditcard/statement"
          leftSection={<IconFileImport size={16} aria-hidden="true" />}
        >
          Import a statement
        </Button>
      </Group>
      <SearchableTable
        label="Charges"
        table={vwCardCharges.name}
        columns={COLUMNS}
        searchColumns={SEARCH}
        order="ccChargeDate DESC, ccChargeID DESC"
      />
    </Stack>
  );
}
