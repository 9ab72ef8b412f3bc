import {
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { DROPDOWN_DEBOUNCE_MS, TABLE_PAGE_SIZE, whereBuilder } from "@office/core";
import { IconArrowsSort, IconFileSpreadsheet, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import {
  type ColumnDef,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useLayout } from "../../services/device";
import { reportFailure } from "../../services/failures";
import { cellText, type TableColumn } from "./columns";
import { TableBody } from "./TableBody";
import { type TableSource, useTableRows } from "./useTableRows";

type Row = Record<string, unknown>;

interface SearchableTableProps {
  /** The table's accessible name. */
  label: string;
  table: string;
  columns: readonly TableColumn[];
  /** Columns the search box looks in (the resource's searchable ones). */
  searchColumns: readonly string[];
  /** A fixed condition of the page, in the where language. */
  where?: string;
  order?: string;
  /** Columns a row brings besides those shown (its key and fields, for the record it opens). */
  rowFields?: readonly string[];
  onRowOpen?: (row: Row) => void;
}

const ALL = "all";

const SKELETON_ROWS = [0, 1, 2, 3, 4, 5];

/**
 * Grey rows where the first answer's rows will be: the page keeps its shape while it loads. On
 * a phone, grey cards: a name and two facts beneath, as the rows will read.
 */
function SkeletonRows({ columns, cards }: { columns: number; cards: boolean }) {
  const cells = Array.from({ length: cards ? 1 : columns }, (_, i) => i);
  const bar = (row: number, cell: number) => (
    <Skeleton height={12} radius="sm" width={`${60 + ((row * 7 + cell * 13) % 35)}%`} />
  );
  return (
    <Table.Tbody aria-hidden="true">
      {SKELETON_ROWS.map((row) => (
        <Table.Tr key={row}>
          {cells.map((cell) => (
            <Table.Td key={cell}>
              {cards ? (
                <Stack gap={6} py={4}>
                  {bar(row, 0)}
                  {bar(row, 1)}
                  {bar(row, 2)}
                </Stack>
              ) : (
                bar(row, cell)
              )}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** What an empty answer says: a search that found nothing, with the way back, or no records at all. */
function NoRows({ term, onClear }: { term: string; onClear: () => void }) {
  return (
    <Stack align="center" gap={6} py="lg">
      {term ? (
        <>
          <Text fw={500}>No results for “{term}”</Text>
          <Button variant="default" size="xs" onClick={onClear}>
            Clear search
          </Button>
        </>
      ) : (
        <Text c="dimmed">No records yet.</Text>
      )}
    </Stack>
  );
}
/**
 * The searchable table (docs/product-rules.md#widgets): loads through the data service, a
 * search box over the searchable columns, sorting by any column, 50-row pages or every row
 * (virtualized), row opening by click or keyboard, the >20,000 confirmation, and Excel export.
 */
export function SearchableTable({
  label,
  table,
  columns,
  searchColumns,
  where,
  order,
  rowFields,
  onRowOpen,
}: SearchableTableProps) {
  const cards = useLayout() === "mobile";
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search.trim(), DROPDOWN_DEBOUNCE_MS);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageSize, setPageSize] = useState<string>(String(TABLE_PAGE_SIZE));
  const [exporting, setExporting] = useState(false);

  const source: TableSource = useMemo(() => {
    const w = whereBuilder();
    const parts = [];
    if (where) parts.push(where);
    if (term) parts.push(w.print(w.or(...searchColumns.map((c) => w.contains(c, term)))));
    return {
      table,
      fields: [...new Set([...columns.map((c) => c.key), ...(rowFields ?? [])])].join(","),
      where: parts.map((p) => `(${p})`).join(" AND "),
      order,
    };
  }, [table, columns, searchColumns, where, order, term, rowFields]);
  const { rows, total, loading, firstLoad, complete, asking, answer } = useTableRows<Row>(source);

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.key,
        header: c.label,
        accessorFn: (row) => row[c.key],
        // Amounts by their number; other formatted columns by the shown text; the rest by the value.
        sortingFn: c.numeric
          ? (a, b) => Number(a.original[c.key] ?? 0) - Number(b.original[c.key] ?? 0)
          : c.format
            ? (a, b) => cellText(c, a.original).localeCompare(cellText(c, b.original))
            : "basic",
      })),
    [columns],
  );
  const all = pageSize === ALL;
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
  if (!all && grid.getState().pagination.pageSize !== Number(pageSize)) grid.setPageSize(Number(pageSize));
  const shown = all ? grid.getSortedRowModel().rows : grid.getRowModel().rows;

  async function exportRows() {
    setExporting(true);
    try {
      const { exportToExcel } = await import("./export-excel");
      await exportToExcel(
        columns,
        grid.getSortedRowModel().rows.map((r) => r.original),
        (c, row) => cellText(c as TableColumn, row),
      );
    } catch (error) {
      reportFailure(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <TextInput
          aria-label={`Search ${label}`}
          placeholder="Search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
          rightSection={loading ? <Loader size="xs" role="status" aria-label="Loading" /> : null}
        />
        <Group gap="xs">
          <Text size="sm" aria-live="polite">
            {firstLoad ? "Loading records…" : `${total.toLocaleString("en-US")} records`}
          </Text>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            loading={exporting}
            disabled={rows.length === 0 || !complete}
            onClick={exportRows}
          >
            Export to Excel
          </Button>
        </Group>
      </Group>
      <Box data-table-scroll style={{ overflow: "auto", maxHeight: all ? "70vh" : undefined }}>
        <Table
          striped
          highlightOnHover
          stickyHeader={all}
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-busy={firstLoad || undefined}
        >
          {/* A phone's rows say what each value is: no header row to squeeze. */}
          <Table.Thead style={cards ? { display: "none" } : undefined}>
            <Table.Tr>
              {grid.getFlatHeaders().map((header) => {
                const sorted = header.column.getIsSorted();
                const Icon =
                  sorted === "asc" ? IconSortAscending : sorted === "desc" ? IconSortDescending : IconArrowsSort;
                return (
                  <Table.Th
                    key={header.id}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                  >
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
          {firstLoad ? (
            <SkeletonRows columns={columns.length} cards={cards} />
          ) : (
            <TableBody rows={shown} columns={columns} virtual={all} onRowOpen={onRowOpen} cards={cards} />
          )}
        </Table>
      </Box>
      {!firstLoad && !loading && total === 0 ? <NoRows term={term} onClear={() => setSearch("")} /> : null}
      <Group justify="space-between">
        {all ? (
          <span />
        ) : (
          <Box component="nav" aria-label="Pages">
            <Pagination
              total={grid.getPageCount()}
              value={grid.getState().pagination.pageIndex + 1}
              onChange={(p) => grid.setPageIndex(p - 1)}
              size="sm"
              getControlProps={(control) => ({ "aria-label": control === "next" ? "Next page" : "Previous page" })}
            />
          </Box>
        )}
        <Select
          aria-label="Rows per page"
          w={120}
          size="xs"
          value={pageSize}
          onChange={(v) => setPageSize(v ?? String(TABLE_PAGE_SIZE))}
          data={[
            { value: String(TABLE_PAGE_SIZE), label: `${TABLE_PAGE_SIZE} rows` },
            { value: ALL, label: "All rows" },
          ]}
          allowDeselect={false}
        />
      </Group>
      <Modal opened={asking} onClose={() => answer(false)} title="Load every record?" centered>
        <Stack>
          <Text>{`This search found ${total.toLocaleString("en-US")} records, more than 20,000. Loading them all may take a while. Load them?`}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer(false)}>
              No
            </Button>
            <Button onClick={() => answer(true)}>Yes</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
