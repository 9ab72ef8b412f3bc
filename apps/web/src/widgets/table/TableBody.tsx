import { Anchor, Checkbox, Group, Progress, Table, Text } from "@mantine/core";
import type { PhoneCard } from "@office/core";
import type { Row as GridRow } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, memo, useMemo, useRef } from "react";
import { Link, useHref, useNavigate } from "react-router";
import { Cell, ownEvents, useOpenableColumns } from "./Cell";
import { cellText, type TableColumn } from "./columns";

type Row = Record<string, unknown>;
const ROW_HEIGHT = 37;
/** A phone's row: the name and up to three facts beneath it. */
const CARD_HEIGHT = 76;
const FACTS = 3;
const CELL = `mantine-Table-td ${Table.classes.td}`;

interface TableBodyProps {
  rows: GridRow<Row>[];
  columns: readonly TableColumn[];
  virtual: boolean;
  /** Opens a row in place (its dialog); without it, a row with an address (`rowHref`) goes there. */
  onRowOpen: ((row: Row) => void) | undefined;
  /**
   * Where a row's record is, by its address: its title is a link there, a click or Enter goes
   * there, and Ctrl or the middle button open it in a tab.
   */
  rowHref?: ((row: Row) => string | undefined) | undefined;
  /** A phone's layout: each row as its name with a few facts beneath, in one cell. */
  cards?: boolean;
  /** The list's declared card (its resource's `card`), where it has one. */
  card?: PhoneCard | undefined;
  /** Rows chosen for a bulk action: a checkbox first in each row. */
  selection?: RowSelection | undefined;
}

/** Which rows are chosen, and the choosing. */
export interface RowSelection {
  has: (row: Row) => boolean;
  set: (row: Row, chosen: boolean) => void;
  /** How a row's checkbox is named: "Select Harbor Tower". */
  labelOf: (row: Row) => string;
}

/** A row's checkbox: its click chooses the row, and does not open it. */
function SelectCell({ row, selection, chosen }: { row: Row; selection: RowSelection; chosen: boolean }) {
  return (
    <td className={CELL} style={{ width: 36 }}>
      <Checkbox
        checked={chosen}
        onChange={(event) => selection.set(row, event.currentTarget.checked)}
        aria-label={selection.labelOf(row)}
        {...ownEvents}
      />
    </td>
  );
}

/** An id column (projectID, empID): shown after the name on a phone, not instead of it. */
const isId = (column: TableColumn) => /ID$/.test(column.key);

/** Which of a table's columns a phone's card shows: its title, its facts, and its id. */
export interface CardLayout {
  title: TableColumn | undefined;
  facts: TableColumn[];
  id: TableColumn | undefined;
}

/**
 * A list's card (docs/decisions.md#phones): the title and facts its declaration names, of the
 * columns the page shows; without one, the first column that is not an id, then the others.
 */
export function cardLayout(columns: readonly TableColumn[], card?: PhoneCard): CardLayout {
  const id = columns.find(isId);
  const named = (key: string) => columns.find((c) => c.key === key);
  const title = (card && named(card.title)) ?? columns.find((c) => !isId(c)) ?? columns[0];
  const facts = card ? card.facts.flatMap((key) => named(key) ?? []) : columns.filter((c) => c !== title && c !== id);
  return { title, facts: facts.filter((c) => c !== title && c !== id), id };
}

/**
 * A row on a phone: its title, then up to three facts as "Label: value" (the empty ones left
 * out), and its id. Long text ends in an ellipsis, never past the screen's edge.
 */
function CardCell({ row, layout, span }: { row: Row; layout: CardLayout; span: number }) {
  const { title, facts, id } = layout;
  const shown = facts.filter((c) => cellText(c, row) !== "").slice(0, FACTS);
  return (
    <td className={CELL} colSpan={span}>
      <Text size="sm" fw={600} lineClamp={2}>
        {title ? cellText(title, row) || "—" : ""}
      </Text>
      {shown.map((c) => (
        // A phone number is a call on the phone too (the card opens on a tap elsewhere).
        <Text key={c.key} size="xs" c="dimmed" truncate>
          {c.label}: {c.meterOf ? cellText(c, row) : <Cell column={c} row={row} />}
        </Text>
      ))}
      {id ? (
        <Text size="xs" c="dimmed">
          {id.label} {cellText(id, row)}
        </Text>
      ) : null}
    </td>
  );
}

/** An amount against another of its row (a card's month against its limit): its text, and a bar. */
function Meter({ column, row }: { column: TableColumn; row: Row }) {
  const of = Number(row[column.meterOf ?? ""]);
  const share = of > 0 ? Number(row[column.key] ?? 0) / of : 0;
  const color = share > 1 ? "red" : share >= 0.8 ? "orange" : "blue";
  return (
    <Group gap={8} wrap="nowrap">
      <Progress value={Math.min(100, share * 100)} color={color} size="sm" w={72} aria-hidden="true" />
      <span>
        {cellText(column, row)} ({Math.round(share * 100)}%)
      </span>
    </Group>
  );
}

/**
 * A record's address opened in a new tab (Ctrl or ⌘ with a click or Enter, the middle button):
 * `href` as the router writes it (under /webapp/, a `?id=` resolved against the list's page).
 */
const openInTab = (href: string) => window.open(new URL(href, window.location.href).href, "_blank", "noopener");

/** A title longer than two lines ends in an ellipsis (its whole text on hover): rows stay even. */
const TWO_LINES = {
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
} as const;

/** A row's title: at least a readable width, two lines at most, and the link to its record where it has one. */
function TitleCell({ column, row, href }: { column: TableColumn; row: Row; href: string | undefined }) {
  const text = cellText(column, row);
  return (
    <td className={CELL} style={{ minWidth: "14rem" }}>
      <span style={TWO_LINES} title={text}>
        {href ? (
          // Out of the tab order: the row itself is the stop, and opens on Enter.
          <Anchor component={Link} to={href} c="inherit" fz="inherit" fw={500} tabIndex={-1} {...ownEvents}>
            {text}
          </Anchor>
        ) : (
          <Cell column={column} row={row} />
        )}
      </span>
    </td>
  );
}

/** Arrow keys move between rows; Enter or Space opens one. */
function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, open: () => void, inTab: (() => void) | undefined) {
  if (inTab && event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    inTab();
    return;
  }
  const row = event.currentTarget;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const next = event.key === "ArrowDown" ? row.nextElementSibling : row.previousElementSibling;
    if (next instanceof HTMLElement && next.tabIndex >= 0) next.focus();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    open();
  }
}

// Memoized: while scrolling, rows already in view keep their elements; only new ones render.
const BodyRow = memo(function BodyRow({
  row,
  columns,
  onRowOpen,
  rowHref,
  cards,
  title,
  selection,
  chosen,
}: {
  row: GridRow<Row>;
  columns: readonly TableColumn[];
  onRowOpen: TableBodyProps["onRowOpen"];
  rowHref: TableBodyProps["rowHref"];
  /** The card's layout on a phone; a row of cells otherwise. */
  cards: CardLayout | undefined;
  /** The row's title column (its card's title). */
  title: TableColumn | undefined;
  selection: RowSelection | undefined;
  /** Whether it is chosen (a prop of its own, so that a memoized row shows a change of it). */
  chosen: boolean;
}) {
  const href = rowHref?.(row.original);
  const written = useHref(href ?? ".");
  const navigate = useNavigate();
  const inTab = href ? () => openInTab(written) : undefined;
  // A row opens in place where its list says how, else at its record's address.
  const open = () => (onRowOpen ? onRowOpen(row.original) : href ? navigate(href) : undefined);
  return (
    <Table.Tr
      tabIndex={0}
      aria-rowindex={row.index + 2}
      onClick={(event) => (inTab && (event.ctrlKey || event.metaKey) ? inTab() : open())}
      onAuxClick={(event) => {
        if (inTab && event.button === 1) inTab();
      }}
      onKeyDown={(e) => onRowKey(e, open, inTab)}
      style={{ cursor: onRowOpen || href ? "pointer" : undefined, height: cards ? undefined : ROW_HEIGHT }}
    >
      {selection ? <SelectCell row={row.original} selection={selection} chosen={chosen} /> : null}
      {cards ? (
        <CardCell row={row.original} layout={cards} span={columns.length} />
      ) : (
        columns.map((c) =>
          c === title ? (
            <TitleCell key={c.key} column={c} row={row.original} href={href} />
          ) : (
            // Plain cells with Mantine's class: a row mounts its cells without a component each.
            <td key={c.key} className={CELL}>
              {c.meterOf ? <Meter column={c} row={row.original} /> : <Cell column={c} row={row.original} />}
            </td>
          ),
        )
      )}
    </Table.Tr>
  );
});

/**
 * The rows of the table. Every row at once is virtualized: only the rows in view (and a few
 * around) are in the page, spacer rows keep the scroll height, so 20,000 rows scroll smoothly.
 */
export function TableBody({
  rows,
  columns: declared,
  virtual,
  onRowOpen,
  rowHref,
  cards: phone = false,
  card,
  selection,
}: TableBodyProps) {
  const columns = useOpenableColumns(declared);
  const layout = useMemo(() => cardLayout(columns, card), [columns, card]);
  const cards = phone ? layout : undefined;
  const shared = { columns, onRowOpen, rowHref, cards, title: layout.title, selection };
  const scroller = useRef<HTMLTableSectionElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current?.closest("[data-table-scroll]") ?? null,
    estimateSize: () => (cards ? CARD_HEIGHT : ROW_HEIGHT),
    overscan: 12,
  });
  if (!virtual) {
    return (
      <Table.Tbody ref={scroller}>
        {rows.map((row) => (
          <BodyRow key={row.id} row={row} {...shared} chosen={selection?.has(row.original) ?? false} />
        ))}
      </Table.Tbody>
    );
  }
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <Table.Tbody ref={scroller}>
      {before > 0 ? <tr style={{ height: before }} /> : null}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? (
          <BodyRow key={row.id} row={row} {...shared} chosen={selection?.has(row.original) ?? false} />
        ) : null;
      })}
      {after > 0 ? <tr style={{ height: after }} /> : null}
    </Table.Tbody>
  );
}
