import { Loader, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { DROPDOWN_DEBOUNCE_MS, DROPDOWN_KEEP_ROWS } from "@office/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { queryRows } from "../api/client";
import { tableKey } from "../services/query-keys";

export type Row = Record<string, unknown>;

export interface TypeaheadProps {
  /** The accessible name of the box; shown above it in a form (`labelVisible`). */
  label: string;
  labelVisible?: boolean;
  required?: boolean;
  error?: string | undefined;
  placeholder?: string;
  table: string;
  fields: string;
  /**
   * The where for a term ("" for the first rows, with `browse`): built with the core builder,
   * so quotes in the term are escaped; null when there is nothing to offer.
   */
  whereFor: (term: string) => string | null;
  /** Opened before anything is typed, it lists the first rows in its order (a select). */
  browse?: boolean;
  order?: string;
  /** Rows asked of the server; at most the first 100 are kept. */
  rowLimit?: number;
  valueFor: (row: Row) => string;
  labelFor: (row: Row) => string;
  value: string | null;
  /** The row of a value the box did not choose itself (a stored record's), for its label. */
  selectedRow?: Row | undefined;
  onChange: (value: string | null, row: Row | undefined) => void;
  /** An action box: it empties itself once an option is chosen. */
  clearOnChoose?: boolean;
  /** Enter with a numeric term: the selection is cleared and the number raised. */
  onNumber?: (n: number) => void;
  /** Said (or offered: a way to search further) when the server finds nothing for the term. */
  nothingFound?: ReactNode;
  /** Told of each change of the typed text. */
  onSearchChange?: (text: string) => void;
  clearable?: boolean;
  readOnly?: boolean | undefined;
  width?: number | string;
  /** The box a dialog focuses when it opens. */
  autoFocus?: boolean;
  /**
   * What was typed before the box was there (a stand-in while its chunk loaded, as in the
   * header): it starts with that text, and with the focus and its list when `focused`.
   */
  initialSearch?: string;
  focused?: boolean;
}

/**
 * The type-ahead dropdown: searches on the server after a 500 ms pause, keeps
 * the first 100 results, a menu at most 13em high; Enter with a number raises it instead of
 * choosing. A select over a table that grows is one, with `browse`.
 */
export function Typeahead(props: TypeaheadProps) {
  const { label, table, fields, whereFor, order, valueFor, labelFor, onNumber } = props;
  const [search, setSearch] = useState(props.initialSearch ?? "");
  // Select empties the search of a box without a value as it mounts (its effects run before
  // this one): a box that starts with a typed text keeps it.
  const mounting = useRef(true);
  useEffect(() => {
    mounting.current = false;
  }, []);
  const [browsing, setBrowsing] = useState(false);
  const [open, setOpen] = useState(false);
  // The row chosen last: the box shows its label, which is no term to search for.
  const [chosen, setChosen] = useState<Row | undefined>(undefined);
  const held = [chosen, props.selectedRow].find((row) => row && props.value !== null && valueFor(row) === props.value);
  const typed = held && search === labelFor(held) ? "" : search.trim();
  const [term] = useDebouncedValue(typed, DROPDOWN_DEBOUNCE_MS);
  const limit = Math.min(props.rowLimit ?? DROPDOWN_KEEP_ROWS, DROPDOWN_KEEP_ROWS);
  // Keyed by the where, not the term: boxes over one table may search it differently.
  const where = term || (props.browse && open) ? whereFor(term) : null;
  const params = { table, fields, where: where ?? "", order, rowLimit: limit };
  const { data, isFetching } = useQuery({
    queryKey: tableKey.answer(params),
    queryFn: () => queryRows<Row>(params),
    enabled: where !== null,
    placeholderData: keepPreviousData,
  });
  const found = where !== null ? (data?.data ?? []).slice(0, DROPDOWN_KEEP_ROWS) : [];
  const rows = held && !found.some((row) => valueFor(row) === props.value) ? [held, ...found] : found;
  const options = rows.map((row) => ({ value: valueFor(row), label: labelFor(row) }));

  return (
    <Select
      {...(props.labelVisible ? { label, withAsterisk: props.required } : { "aria-label": label })}
      error={props.error}
      placeholder={props.placeholder}
      searchable
      clearable={props.clearable}
      readOnly={props.readOnly}
      w={props.width}
      data-autofocus={props.autoFocus || undefined}
      autoFocus={props.focused}
      defaultDropdownOpened={Boolean(props.focused && props.initialSearch?.trim())}
      // A box with nothing to offer before typing opens no (empty) list on focus: an open list
      // keeps Escape from the dialog around it, which would seem to ignore the key.
      openOnFocus={props.browse ?? false}
      value={props.value}
      searchValue={search}
      onSearchChange={(text) => {
        if (mounting.current && text === "") return;
        setSearch(text);
        setBrowsing(false);
        props.onSearchChange?.(text);
      }}
      data={options}
      filter={({ options: all }) => all}
      nothingFoundMessage={where !== null && data && !isFetching ? (props.nothingFound ?? "Nothing found") : undefined}
      maxDropdownHeight="13em"
      rightSection={isFetching ? <Loader size="xs" role="status" aria-label="Searching" /> : null}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") setBrowsing(true);
        const typed = search.trim();
        if (event.key === "Enter" && onNumber && !browsing && /^\d{1,15}$/.test(typed)) {
          event.preventDefault();
          event.stopPropagation();
          props.onChange(null, undefined);
          setSearch("");
          onNumber(Number(typed));
        }
      }}
      onChange={(value) => {
        const row = rows.find((r) => valueFor(r) === value);
        setChosen(row);
        // A box that is an action ("open this project") starts empty again.
        if (props.clearOnChoose) setSearch("");
        props.onChange(value, row);
      }}
      comboboxProps={{ width: 420, position: "bottom-start" }}
    />
  );
}
