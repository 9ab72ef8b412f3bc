import { Box, Button, Group, Text } from "@mantine/core";
import {
  formatMinutes,
  formatMoney,
  labelOf,
  type Resource,
  TOTALS_MAX_GROUPS,
  type TotalRow,
  type TotalsOrder,
} from "@office/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { queryTotals } from "../../api/client";
import { reportFailure } from "../../services/failures";
import { cellText } from "../../widgets/table/columns";
import type { SheetKind } from "../../widgets/table/excel-layout";
import { type PlainColumn, PlainTable } from "../../widgets/table/PlainTable";
import { totalsQuery } from "./totals-query";

/** How a page names and prints its totals. */
export interface TotalsWords {
  /** The header of the rows counted ("Notes"). */
  counted: string;
  /** The header of the column summed ("HH:mm"), and how a sum prints. */
  summed: string;
  /** A sum as it prints: minutes as a number, an amount as its decimal text. */
  format: (total: number | string) => string;
  /** What a sum is in a spreadsheet: a duration or an amount. */
  sheet: SheetKind;
}

/** Time notes: counted, and their minutes summed as HH:mm, like the header's hours tables. */
export const NOTE_TOTALS: TotalsWords = {
  counted: "Notes",
  summed: "HH:mm",
  format: (t) => formatMinutes(Number(t)),
  sheet: "minutes",
};

/** Card charges: counted, and their amounts summed as money. */
export const MONEY_TOTALS: TotalsWords = { counted: "Charges", summed: "Amount", format: formatMoney, sheet: "money" };

/** Groups as the table's rows: records of their columns. */
const asRows = (groups: readonly TotalRow[]): Record<string, unknown>[] => groups.map((group) => ({ ...group }));

interface TotalsTableProps {
  list: Resource;
  by: string;
  /** "By Employee": the table is named "Totals by employee". */
  title: string;
  where: string;
  words: TotalsWords;
  /** By name (the default), or the largest first. */
  order?: TotalsOrder | undefined;
}

/**
 * One table of totals: each group's name, rows counted and sum, the first groups the page
 * shows; its export holds every group (up to TOTALS_MAX_GROUPS), asked for when exported.
 */
export function TotalsTable({ list, by, title, where, words, order }: TotalsTableProps) {
  const { data, isError } = useQuery(totalsQuery(list, by, where, order));
  const [exporting, setExporting] = useState(false);
  const caption = `Totals ${title.toLowerCase()}`;
  const shown = useMemo(() => {
    const labelIn = (name: string) => {
      const column = list.columns[name];
      return column ? labelOf(column, name) : name;
    };
    const named = list.totals?.by[by] ?? by;
    const columns: PlainColumn[] = [
      { key: "label", label: labelIn(named), format: (v) => (v === null ? "—" : String(v)) },
      {
        key: "count",
        label: words.counted,
        numeric: true,
        sheet: "number",
        format: (v) => Number(v).toLocaleString("en-US"),
      },
      {
        key: "total",
        label: words.summed,
        numeric: true,
        sheet: words.sheet,
        format: (v) => words.format(v as number | string),
      },
    ];
    return columns;
  }, [list, by, words]);
  const rows = useMemo(() => asRows(data?.data ?? []), [data]);
  const left = (data?.meta.TotalRecords ?? 0) - rows.length;

  const exportTotals = () => {
    setExporting(true);
    const all = async () =>
      left > 0
        ? asRows((await queryTotals({ table: list.name, by, where, order, rowLimit: TOTALS_MAX_GROUPS })).data)
        : rows;
    Promise.all([import("../../widgets/table/export-excel"), all()])
      .then(([{ exportToExcel }, groups]) => exportToExcel(shown, groups, cellText))
      .catch(reportFailure)
      .finally(() => setExporting(false));
  };

  return (
    <Box>
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileSpreadsheet size={14} aria-hidden="true" />}
          aria-label={`Export ${caption.toLowerCase()}`}
          loading={exporting}
          disabled={rows.length === 0}
          onClick={exportTotals}
        >
          Export
        </Button>
      </Group>
      {/* Many groups scroll within their box, which the keyboard can reach to scroll too. */}
      <Box
        tabIndex={0}
        role="region"
        aria-label={`${caption}, scrolling`}
        style={{ overflow: "auto", maxHeight: "50vh" }}
      >
        <PlainTable
          caption={caption}
          columns={shown}
          rows={data ? rows : undefined}
          rowKey={(row) => String(row.key)}
          empty="Nothing found"
          failed={isError}
        />
      </Box>
      {left > 0 ? <Text size="sm" c="dimmed">{`${left.toLocaleString("en-US")} more not shown`}</Text> : null}
    </Box>
  );
}
