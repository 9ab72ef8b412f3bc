import { Anchor, Box, Group, Loader, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Cell, useOpenableColumns } from "./Cell";
import { cellText, type TableColumn } from "./columns";

type Row = Record<string, unknown>;

/** A column of a plain table: its text as a table column's, and, where a cell opens something, where to. */
export interface PlainColumn extends TableColumn {
  linkTo?: (row: Row) => string;
  /** The link's accessible name, where its text alone says too little (a count). */
  linkLabel?: (row: Row) => string;
  numeric?: true;
}

interface PlainTableProps {
  /** Its caption, which is its accessible name. */
  caption: string;
  columns: readonly PlainColumn[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The last row's cells after the first column's "Total" (a grand total). */
  total?: readonly ReactNode[];
  empty?: string;
  /** Its rows could not be read (the failure itself is reported where reads report it). */
  failed?: boolean;
}

/** A few rows shown whole (a history, totals): no search or paging, which a handful of rows does not need. */
export function PlainTable({
  caption,
  columns: declared,
  rows,
  rowKey,
  total,
  empty = "None",
  failed,
}: PlainTableProps) {
  const columns = useOpenableColumns(declared) as readonly PlainColumn[];
  const align = (column: PlainColumn) => (column.numeric ? "right" : undefined);
  // One row across the table that says why it has no rows (yet).
  const note = (text: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={columns.length}>
        {/* A div: the loading note holds a Group, which a paragraph may not. */}
        <Text component="div" size="sm" c="dimmed">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  // Boxed, so that a grid cell beside a taller one does not stretch its rows.
  return (
    <Box>
      <Table fz="sm" verticalSpacing={4} captionSide="top" striped>
        <Table.Caption style={{ textAlign: "left", fontWeight: 600, color: "var(--mantine-color-text)" }}>
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={align(column)}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => {
                const text = cellText(column, row);
                return (
                  <Table.Td key={column.key} ta={align(column)}>
                    {column.linkTo ? (
                      <Anchor component={Link} to={column.linkTo(row)} fz="sm" aria-label={column.linkLabel?.(row)}>
                        {text}
                      </Anchor>
                    ) : (
                      <Cell column={column} row={row} />
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
          {rows?.length === 0 ? note(empty) : null}
          {rows === undefined
            ? note(
                failed ? (
                  "Could not be read"
                ) : (
                  <Group gap="xs" role="status">
                    <Loader size="xs" aria-hidden="true" />
                    Loading…
                  </Group>
                ),
              )
            : null}
        </Table.Tbody>
        {total ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              {total.map((cell, i) => (
                // The total's cells are positional: the columns after the first.
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of cells, never reordered
                <Table.Td key={i} ta={align(columns[i + 1] ?? { key: "", label: "" })} fw={600}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Box>
  );
}
