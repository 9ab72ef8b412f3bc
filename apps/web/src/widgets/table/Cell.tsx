import { Anchor } from "@mantine/core";
import { recordHref } from "@office/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { useAccess } from "../../services/access";
import { StatusPill } from "../StatusPill";
import { cellText, type TableColumn } from "./columns";

type Row = Record<string, unknown>;

/** Keeps a click or Enter on a link inside a row to the link: the row opens on the rest of it. */
export const ownEvents = {
  onClick: (event: { stopPropagation(): void }) => event.stopPropagation(),
  onKeyDown: (event: { stopPropagation(): void }) => event.stopPropagation(),
};

/**
 * A contact value as its link (a call, a message, a website in a new tab). The row opens on a
 * click or Enter elsewhere; on the link, they are the link's own.
 */
function ContactCell({ column, row }: { column: TableColumn; row: Row }) {
  const text = cellText(column, row);
  const link = column.link?.(row);
  if (!link) return text;
  return (
    <Anchor
      href={link.href}
      fz="inherit"
      {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      {...ownEvents}
    >
      {text}
    </Anchor>
  );
}

/** A name of another record (a project's client) as the link to it. */
function RecordCell({ column, row }: { column: TableColumn; row: Row }) {
  const text = cellText(column, row);
  const id = column.opens ? row[column.opens.key] : undefined;
  if (!column.opens || id === null || id === undefined || text === "") return text;
  return (
    <Anchor component={Link} to={recordHref(column.opens.target, id)} fz="inherit" {...ownEvents}>
      {text}
    </Anchor>
  );
}

/** A cell's value as it shows (a meter is the searchable table's own: TableBody): a contact's link, a record's link, a status's pill, or text. */
export function Cell({ column, row }: { column: TableColumn; row: Row }) {
  if (column.link) return <ContactCell column={column} row={row} />;
  if (column.opens) return <RecordCell column={column} row={row} />;
  const text = cellText(column, row);
  if (column.tone && text !== "") {
    return (
      <StatusPill tone={column.tone(row)} size="sm">
        {text}
      </StatusPill>
    );
  }
  return text;
}

/** The columns as a user sees them: a name links to its record only where they may open it. */
export function useOpenableColumns(columns: readonly TableColumn[]): readonly TableColumn[] {
  const access = useAccess();
  return useMemo(
    () => columns.map((c) => (c.opens && !access.opens(c.opens.target) ? { ...c, opens: undefined } : c)),
    [columns, access],
  );
}
