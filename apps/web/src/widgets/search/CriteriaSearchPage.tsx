import { Drawer } from "@mantine/core";
import { type Resource, recordAddress, type SearchCriterion, searchableColumns } from "@office/core";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useLayout } from "../../services/device";
import { PageFrame } from "../PageFrame";
import { PageHeading } from "../PageHeading";
import { tableColumns } from "../table/columns";
import { SearchableTable, type SearchableTableProps } from "../table/SearchableTable";
import { CriteriaForm } from "./CriteriaForm";
import { CriteriaSummary } from "./CriteriaSummary";
import { isBare } from "./search-values";
import { useCriteriaSearch } from "./useCriteriaSearch";

export interface CriteriaSearchPageProps {
  /** The page's path: whose search the session remembers. */
  path: string;
  criteria: readonly SearchCriterion[];
  /** The table or view searched, and its columns shown. */
  list: Resource;
  columns: readonly string[];
  /** Column headers where the page names a column otherwise than its declaration. */
  labels?: Readonly<Record<string, string>> | undefined;
  order: string;
  formLabel: string;
  tableLabel: string;
  /** A row opens this record page with its `key` column as ?id=. */
  opens?: { path: string; key: string } | undefined;
  /** Or a row opens here (a time note's dialog): the fields a row must bring, and what opens it. */
  openRow?: RowOpener | undefined;
  /** What the page shows under what it found, for the same where (a search page's totals). */
  belowResults?: ((where: string) => ReactNode) | undefined;
  /** Rows chosen together, for the actions the user may take on them (SearchableTable's `bulk`). */
  bulk?: SearchableTableProps["bulk"];
}

/** What opens a row in place: the fields it needs, and the opening. */
export interface RowOpener {
  rowFields: readonly string[];
  open: (row: Record<string, unknown>) => void;
}

/**
 * A page of boxes over a searchable table (an area's advanced search, the notes search, the
 * status audit): the boxes are the address, the table shows what they find. While the boxes
 * in the address break their rules, nothing is searched. Once a search ran, its boxes fold
 * into a line that says what it was, with Edit search (docs/decisions.md#searches-that-fold):
 * the results come up the page; on a phone the boxes open in a sheet over them.
 */
export function CriteriaSearchPage(props: CriteriaSearchPageProps) {
  const { path, criteria, list, columns, labels, order, formLabel, tableLabel, opens, openRow, belowResults, bulk } =
    props;
  const search = useCriteriaSearch(path, criteria, list);
  const shown = useMemo(() => tableColumns(list, columns, labels), [list, columns, labels]);
  const searchable = useMemo(() => searchableColumns(list), [list]);
  const openKey = opens?.key;
  const rowFields = useMemo(() => openRow?.rowFields ?? (openKey ? [openKey] : []), [openKey, openRow?.rowFields]);
  const { where } = search;
  const opensPath = opens?.path;
  const rowHref = useCallback(
    (row: Record<string, unknown>) => (opensPath && openKey ? recordAddress(opensPath, row[openKey]) : undefined),
    [opensPath, openKey],
  );
  const phone = useLayout() === "mobile";
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const searched = where !== null && !isBare(criteria, params);
  const done = {
    ...search,
    submit: () => {
      search.submit();
      // A box with a message keeps the form open, its message shown.
      if (Object.keys(search.messages).length === 0) setEditing(false);
    },
  };
  const form = <CriteriaForm label={formLabel} criteria={criteria} list={list} search={done} />;
  const summary = (
    <CriteriaSummary
      criteria={criteria}
      list={list}
      values={search.draft}
      onEdit={() => setEditing(true)}
      onClear={search.clear}
    />
  );
  return (
    <PageFrame gap="sm">
      <PageHeading path={path} />
      {!searched ? form : phone ? summary : editing ? form : summary}
      {phone && searched ? (
        <Drawer opened={editing} onClose={() => setEditing(false)} position="bottom" size="90%" title="Edit search">
          {form}
        </Drawer>
      ) : null}
      {where === null ? null : (
        <>
          <SearchableTable
            label={tableLabel}
            table={list.name}
            columns={shown}
            searchColumns={searchable}
            where={where}
            order={order}
            rowFields={rowFields}
            {...(openRow ? { onRowOpen: openRow.open } : { rowHref })}
            remember
            bulk={bulk}
          />
          {belowResults?.(where)}
        </>
      )}
    </PageFrame>
  );
}
