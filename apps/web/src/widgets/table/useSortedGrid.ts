import { TABLE_PAGE_SIZE } from "@office/core";
import {
  type ColumnDef,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { cellText, type TableColumn } from "./columns";

export type Row = Record<string, unknown>;

/** How a column sorts: amounts by their number, other formatted columns by the shown text, the rest by the value. */
function sortingOf(c: TableColumn): ColumnDef<Row>["sortingFn"] {
  if (c.numeric) return (a, b) => Number(a.original[c.key] ?? 0) - Number(b.original[c.key] ?? 0);
  if (c.format) return (a, b) => cellText(c, a.original).localeCompare(cellText(c, b.original));
  return "basic";
}

/**
 * The rows as TanStack Table holds them: sorted by the header the user chose, in pages of
 * `pageSize` (null: one page of every row, which the table body virtualizes).
 */
export function useSortedGrid(rows: Row[], columns: readonly TableColumn[], pageSize: number | null) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({ id: c.key, header: c.label, accessorFn: (row) => row[c.key], sortingFn: sortingOf(c) })),
    [columns],
  );
  const grid = useReactTable({
    data: rows,
    columns: columnDefs,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageSize: TABLE_PAGE_SIZE } },
    autoResetPageIndex: true,
  });
  if (pageSize !== null && grid.getState().pagination.pageSize !== pageSize) grid.setPageSize(pageSize);
  return grid;
}
