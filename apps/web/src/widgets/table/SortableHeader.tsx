import { Button, Checkbox, Table } from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { Header } from "@tanstack/react-table";

const SORT_ICONS = { asc: IconSortAscending, desc: IconSortDescending, none: IconArrowsSort } as const;
const ARIA_SORT = { asc: "ascending", desc: "descending", none: "none" } as const;

/**
 * A table's header row: each column's name is a button that sorts by it, one way then the
 * other, and says how the table is sorted (aria-sort). `hidden` on a phone, whose rows say
 * what each value is.
 */
export function SortableHeader<Row>({
  headers,
  hidden,
  selectAll,
}: {
  headers: Header<Row, unknown>[];
  hidden: boolean;
  /** A first column of checkboxes: this one chooses every row shown, or none. */
  selectAll?: { checked: boolean; indeterminate: boolean; onChange: (chosen: boolean) => void } | undefined;
}) {
  return (
    <Table.Thead style={hidden ? { display: "none" } : undefined}>
      <Table.Tr>
        {selectAll ? (
          <Table.Th style={{ width: 36 }}>
            <Checkbox
              aria-label="Select every row shown"
              checked={selectAll.checked}
              indeterminate={selectAll.indeterminate}
              onChange={(event) => selectAll.onChange(event.currentTarget.checked)}
            />
          </Table.Th>
        ) : null}
        {headers.map((header) => {
          const sorted = header.column.getIsSorted() || "none";
          const Icon = SORT_ICONS[sorted];
          return (
            <Table.Th key={header.id} aria-sort={ARIA_SORT[sorted]}>
              <Button
                variant="subtle"
                size="compact-sm"
                color="dark"
                c="var(--mantine-color-text)"
                rightSection={<Icon size={14} aria-hidden="true" />}
                onClick={header.column.getToggleSortingHandler()}
              >
                {String(header.column.columnDef.header)}
              </Button>
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
