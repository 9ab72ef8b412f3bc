import { Box, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { DROPDOWN_DEBOUNCE_MS, RESOURCES, TABLE_PAGE_SIZE, whereBuilder } from "@office/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useLayout } from "../../services/device";
import { reportFailure } from "../../services/failures";
import { userQuery } from "../../services/session";
import { cellText, shownFrom, type TableColumn } from "./columns";
import { ColumnChooser, SavedViews } from "./ListSettings";
import { LoadAllDialog } from "./LoadAllDialog";
import { LIST_PARAMS, useListView } from "./list-address";
import { type SavedView, useListPrefs, withView } from "./list-prefs";
import { SortableHeader } from "./SortableHeader";
import { type RowSelection, TableBody } from "./TableBody";
import { NoRows, SkeletonRows } from "./TableStates";
import { type Row, useSortedGrid } from "./useSortedGrid";
import { type TableSource, useTableRows } from "./useTableRows";

export interface SearchableTableProps {
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
  /** Where a row's record is (its page, or the list with its dialog): the row is a link there too. */
  rowHref?: (row: Row) => string | undefined;
  /** The page's main list: its search, sort and page live in the address (list-address.ts). */
  remember?: boolean;
  /**
   * Rows chosen with a checkbox each, for what may be done to several at once (a delete): by
   * their `key` column, named in their checkbox by `title`; `actions` offers what the user may
   * do to the rows chosen, and calls `done` when it is done.
   */
  bulk?: { key: string; title: string; actions: (rows: Row[], done: () => void) => ReactNode } | undefined;
}

const ALL = "all";

/** What the table asks the data service for: its columns, the page's condition and the search box's term. */
function sourceOf(
  props: Omit<SearchableTableProps, "label" | "onRowOpen" | "rowHref" | "remember">,
  term: string,
): TableSource {
  const { table, columns, searchColumns, where, order, rowFields } = props;
  const w = whereBuilder();
  const parts = [];
  if (where) parts.push(where);
  if (term) parts.push(w.print(w.or(...searchColumns.map((c) => w.contains(c, term)))));
  return {
    table,
    fields: [...new Set([...columns.flatMap(shownFrom), ...(rowFields ?? [])])].join(","),
    where: parts.map((p) => `(${p})`).join(" AND "),
    order,
  };
}

/** The export of every row in the table's order, without the row's key; exceljs loads only now. */
function useExport(columns: readonly TableColumn[], rowKey: string | undefined) {
  const [exporting, setExporting] = useState(false);
  const start = async (rows: Row[]) => {
    setExporting(true);
    try {
      const { exportToExcel } = await import("./export-excel");
      await exportToExcel(columns, rows, (c, row) => cellText(c as TableColumn, row), rowKey);
    } catch (error) {
      reportFailure(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, start };
}

/**
 * The searchable table (docs/product-rules.md#widgets): loads through the data service, a
 * search box over the searchable columns, sorting by any column, 50-row pages or every row
 * (virtualized), row opening by click or keyboard, the question before loading more than the
 * confirm threshold, and Excel export.
 */
export function SearchableTable(props: SearchableTableProps) {
  const { label, table, searchColumns, where, order, rowFields, onRowOpen, rowHref } = props;
  const cards = useLayout() === "mobile";
  const keys = useMemo(() => props.columns.map((c) => c.key), [props.columns]);
  // A page's list keeps the user's columns and views (list-prefs.ts); a list inside a record keeps none.
  const { data: user } = useQuery(userQuery);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { prefs, save } = useListPrefs(props.remember ? user?.empID : undefined, `${pathname}|${table}`);
  const columns = useMemo(
    () => props.columns.filter((c) => !prefs.hidden.includes(c.key)),
    [props.columns, prefs.hidden],
  );
  const { view, change } = useListView(props.remember === true, keys);
  const [search, setSearch] = useState(view.search);
  const [term] = useDebouncedValue(search.trim(), DROPDOWN_DEBOUNCE_MS);
  // What was typed, once the pause is over, is the list's: a new search starts at its first page.
  const typed = useRef(term);
  useEffect(() => {
    if (term === typed.current) return;
    typed.current = term;
    if (term !== view.search) change({ search: term, pageIndex: 0 });
  }, [term, view.search, change]);
  // A search the address brings from elsewhere (a saved view, a link to the same page) goes in the box.
  useEffect(() => {
    if (view.search !== typed.current) setSearch(view.search);
  }, [view.search]);
  const pageSize = view.all ? ALL : String(TABLE_PAGE_SIZE);
  const source = useMemo(
    () => sourceOf({ table, columns, searchColumns, where, order, rowFields }, term),
    [table, columns, searchColumns, where, order, rowFields, term],
  );
  const { rows, total, loading, firstLoad, complete, asking, answer } = useTableRows<Row>(source);
  const { bulk } = props;
  const [chosen, setChosen] = useState<ReadonlySet<unknown>>(new Set());
  // A new search (or a change of the page's own condition) starts with nothing chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the source is what starts it.
  useEffect(() => setChosen(new Set()), [source]);
  const all = pageSize === ALL;
  // A sort by a column since hidden sorts by nothing.
  const sorting = useMemo(
    () => view.sorting.filter((sort) => columns.some((c) => c.key === sort.id)),
    [view.sorting, columns],
  );
  const grid = useSortedGrid(rows, columns, all ? null : Number(pageSize), {
    sorting,
    pageIndex: view.pageIndex,
    onSorting: (sorting) => change({ sorting, pageIndex: 0 }),
    onPage: (pageIndex) => change({ pageIndex }),
  });
  const shown = all ? grid.getSortedRowModel().rows : grid.getRowModel().rows;
  const selection = useMemo<RowSelection | undefined>(
    () =>
      bulk && {
        has: (row) => chosen.has(row[bulk.key]),
        set: (row, on) =>
          setChosen((now) => {
            const next = new Set(now);
            if (on) next.add(row[bulk.key]);
            else next.delete(row[bulk.key]);
            return next;
          }),
        labelOf: (row) => `Select ${String(row[bulk.title] ?? row[bulk.key])}`,
      },
    [bulk, chosen],
  );
  const chosenRows = bulk ? rows.filter((row) => chosen.has(row[bulk.key])) : [];
  const shownChosen = bulk ? shown.filter((row) => chosen.has(row.original[bulk.key])).length : 0;
  const chooseShown = (on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      for (const row of shown) {
        if (on) next.add(row.original[bulk?.key ?? ""]);
        else next.delete(row.original[bulk?.key ?? ""]);
      }
      return next;
    });
  const exported = useExport(columns, RESOURCES.get(table)?.key);
  const applyView = (saved: SavedView) => {
    const next = new URLSearchParams(saved.address);
    setSearch(next.get(LIST_PARAMS.search) ?? "");
    setParams(next);
    save({ ...prefs, hidden: saved.hidden.filter((key) => keys.includes(key)) });
  };
  const saveView = (name: string) => {
    const address = new URLSearchParams(params);
    address.delete(LIST_PARAMS.page);
    save(withView(prefs, { name, address: address.toString(), hidden: prefs.hidden }));
  };

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
          {props.remember ? (
            <>
              <SavedViews
                views={prefs.views}
                onApply={applyView}
                onSave={saveView}
                onRemove={(name) => save({ ...prefs, views: prefs.views.filter((v) => v.name !== name) })}
              />
              <ColumnChooser
                columns={props.columns}
                hidden={prefs.hidden}
                onHidden={(hidden) => save({ ...prefs, hidden })}
              />
            </>
          ) : null}
          <Text size="sm" aria-live="polite">
            {firstLoad ? "Loading records…" : `${total.toLocaleString("en-US")} records`}
          </Text>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            loading={exported.exporting}
            disabled={rows.length === 0 || !complete}
            onClick={() => exported.start(grid.getSortedRowModel().rows.map((r) => r.original))}
          >
            Export to Excel
          </Button>
        </Group>
      </Group>
      {bulk && chosenRows.length > 0 ? (
        <Group
          gap="sm"
          role="toolbar"
          aria-label="Rows chosen"
          p="xs"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 6 }}
        >
          <Text size="sm" fw={500}>
            {chosenRows.length.toLocaleString("en-US")} selected
          </Text>
          {bulk.actions(chosenRows, () => setChosen(new Set()))}
          {cards && shownChosen < shown.length ? (
            <Button size="xs" variant="subtle" onClick={() => chooseShown(true)}>
              Select all {shown.length} shown
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" onClick={() => setChosen(new Set())}>
            Clear selection
          </Button>
        </Group>
      ) : null}
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
          <SortableHeader
            headers={grid.getFlatHeaders()}
            hidden={cards}
            selectAll={
              bulk && {
                checked: shown.length > 0 && shownChosen === shown.length,
                indeterminate: shownChosen > 0 && shownChosen < shown.length,
                onChange: chooseShown,
              }
            }
          />
          {firstLoad ? (
            <SkeletonRows columns={columns.length + (bulk ? 1 : 0)} cards={cards} />
          ) : (
            <TableBody
              rows={shown}
              columns={columns}
              virtual={all}
              onRowOpen={onRowOpen}
              rowHref={rowHref}
              cards={cards}
              card={RESOURCES.get(table)?.card}
              selection={selection}
            />
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
          onChange={(v) => change({ all: v === ALL, pageIndex: 0 })}
          data={[
            { value: String(TABLE_PAGE_SIZE), label: `${TABLE_PAGE_SIZE} rows` },
            { value: ALL, label: "All rows" },
          ]}
          allowDeselect={false}
        />
      </Group>
      <LoadAllDialog opened={asking} total={total} onAnswer={answer} />
    </Stack>
  );
}
