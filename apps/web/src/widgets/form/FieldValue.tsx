import { Anchor, Box, Text } from "@mantine/core";
import { type Column, contactLink, displayText, type Reference, storedValue } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useRecordLink } from "./record-link";
import { listedWhole, referenceRowQuery, referenceRowsQuery } from "./reference-rows";

interface FieldValueProps {
  column: Column;
  label: string;
  /** The form's value (as the form holds it: a US date, a key, "1" for a flag). */
  value: string;
}

/** The name a reference's key stands for: from a small table's whole list, else the one row read by key. */
function useReferenceText(reference: Reference, value: string): string {
  const whole = listedWhole(reference);
  const list = useQuery({ ...referenceRowsQuery(reference), enabled: whole && value !== "" });
  const one = useQuery({ ...referenceRowQuery(reference, value), enabled: !whole && value !== "" });
  if (value === "") return "";
  const row = whole ? list.data?.data.find((r) => String(r[reference.value]) === value) : one.data;
  return row ? String(row[reference.label] ?? "") : "…";
}

/** The name a reference's key stands for, as text ("…" while it is read). */
export function ReferenceText({ reference, value }: { reference: Reference; value: string }) {
  return useReferenceText(reference, value);
}

/** A reference's name, a link to its record where the user may open it (docs/decisions.md#records-that-link). */
function ReferenceValue({ reference, label, value }: { reference: Reference; label: string; value: string }) {
  return <Value label={label} text={useReferenceText(reference, value)} to={useRecordLink(reference.table, value)} />;
}

/**
 * One field of a record for a user who may only read it (docs/decisions.md#read-only-records):
 * its label and its value as text, a term and its definition, not an input that looks as if it
 * could be changed. An empty value reads "—".
 */
export function FieldValue({ column, label, value }: FieldValueProps) {
  return column.field?.kind === "reference" ? (
    <ReferenceValue reference={column.field.reference} label={label} value={value} />
  ) : (
    // The form's text as the value it stands for, shown as a table shows it; a phone number, an
    // address or a website as the way to reach them.
    <Value label={label} text={displayText(column, storedValue(column, value))} link={contactLink(column, value)} />
  );
}

/** A read-only field: its label, and its value as text ("—" when empty), or as a link. */
export function Value({
  label,
  text,
  link,
  to,
}: {
  label: string;
  text: string;
  link?: { href: string; external: boolean } | undefined;
  /** A record of the app it names, by its address. */
  to?: string | undefined;
}) {
  return (
    <Box>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text === "" ? (
          "—"
        ) : to ? (
          <Anchor component={Link} to={to} fz="inherit">
            {text}
          </Anchor>
        ) : link ? (
          <Anchor
            href={link.href}
            fz="inherit"
            {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {text}
          </Anchor>
        ) : (
          text
        )}
      </Text>
    </Box>
  );
}
