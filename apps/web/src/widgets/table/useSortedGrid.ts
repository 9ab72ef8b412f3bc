import { TABLE_PAGE_SIZE } from "@office/core";
import {
  type ColumnDef,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { useMemo } from "react";
import { cellText, type TableColumn } from "./columns";

export type Row = Record<string, unknown>;

/** How a column sorts: amounts by their number, other formatted columns by the shown text, the rest by the value. */
function sortingOf(c: TableColumn): ColumnDef<Row>["sortingFn"] {
  if (c.numeric) return (a, b) => Number(a.original[c.key] ?? 0) - Number(b.original[c.key] ?? 0);
  if (c.format) return (a, b) => cellText(c, a.original).localeCompare(cellText(c, b.original));
  return "basic";
}

/** The sort and the page the grid shows, held by its owner (a list keeps them in the address). */
export interface GridView {
  sorting: SortingState;
  pageIndex: number;
  onSorting: (sorting: SortingState) => void;
  onPage: (pageIndex: number) => void;
}

/**
 * The rows as TanStack Table holds them: sorted by the header the user chose, in pages of
 * `pageSize` (null: one page of every row, which the table body virtualizes). A page past the
 * last (an old link, rows since deleted) shows the last.
 */
export function useSortedGrid(rows: Row[], columns: readonly TableColumn[], pageSize: number | null, view: GridView) {
  const size = pageSize ?? TABLE_PAGE_SIZE;
  const pageIndex = Math.max(0, Math.min(view.pageIndex, Math.ceil(rows.length / size) - 1));
  const { sorting } = view;
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({ id: c.key, header: c.label, accessorFn: (row) => row[c.key], sortingFn: sortingOf(c) })),
    [columns],
  );
  const grid = useReactTable({
    data: rows,
    columns: columnDefs,
    state: { sorting, pagination: { pageIndex, pageSize: size } },
    onSortingChange: (next) => view.onSorting(typeof next === "function" ? next(sorting) : next),
    onPaginationChange: (next) =>
      view.onPage((typeof next === "function" ? next({ pageIndex, pageSize: size }) : next).pageIndex),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    // The page is the owner's: new rows (the rest of a load, a live change) keep it.
    autoResetPageIndex: false,
  });
  return grid;
}
