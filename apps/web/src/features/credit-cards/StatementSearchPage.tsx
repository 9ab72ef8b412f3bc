import { Button, Group, Text } from "@mantine/core";
import { searchableColumns, vwCardCharges } from "@office/core";
import { IconFileImport } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { type FilterChoice, useAddressFilter } from "../../widgets/search/AddressFilter";
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
const FOLLOW_UP: readonly FilterChoice[] = [
  { value: "unmatched", label: "Matching no request", where: "matched = 0" },
  { value: "noreceipt", label: "Without a receipt", where: "hasReceipt = 0" },
];

/**
 * /creditcard/statementsearch (page 47, hidden): every charge on the company's cards, newest
 * first — entered with an approval code or imported from a statement — with whether it matches
 * an approved request, to search, follow up and export.
 */
export function StatementSearchPage() {
  const show = useAddressFilter("show", "Show", "Every charge", FOLLOW_UP);
  return (
    <PageFrame gap="sm">
      <PageHeading path="/creditcard/statementsearch" />
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="md">
          {show.select}
          <Text size="sm" c="dimmed" maw={420}>
            Charges that match no request ("No" under Matches a Request) are the ones to follow up.
          </Text>
        </Group>
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
        {...(show.where ? { where: show.where } : {})}
        order="ccChargeDate DESC, ccChargeID DESC"
      />
    </PageFrame>
  );
}
