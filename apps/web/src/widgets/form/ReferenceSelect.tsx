import { Select } from "@mantine/core";
import { NONE, type Reference } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Typeahead } from "../Typeahead";
import { listedWhole, type Row, referenceRowQuery, referenceRowsQuery, searchWhere } from "./reference-rows";

export interface ReferenceSelectProps {
  reference: Reference;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  readOnly?: boolean;
  /** The form's value of the reference's `within` field; none offered while it is empty. */
  within?: string | undefined;
  /** That field's label, for the hint the box shows while it is empty ("Choose the client first"). */
  withinLabel?: string | undefined;
  /**
   * A choice before the rows that stands for no row at all (a search's "No status", value NONE),
   * in a list of a small table's.
   */
  none?: string | undefined;
}

/** Whether a box within another field (a client's contact) waits for that field to be chosen. */
const waitsFor = (reference: Reference, within: string | undefined) => reference.within !== undefined && within === "";

/** What such a box says while it waits ("Choose the client first"). */
const waitingHint = (withinLabel: string | undefined) =>
  `Choose the ${withinLabel?.toLowerCase() ?? "field it belongs to"} first`;

/**
 * The rows a reference may name: a small table's (a list's values in their order) all at once,
 * filtered as the user types; any other table's searched on the server as a type-ahead
 * (docs/product-rules.md#widgets): its first rows by name on opening, then those whose name
 * holds what is typed.
 */
export function ReferenceSelect(props: ReferenceSelectProps) {
  return listedWhole(props.reference) ? <ReferenceList {...props} /> : <ReferenceSearch {...props} />;
}

function ReferenceList({
  reference,
  label,
  value,
  onChange,
  error,
  required,
  readOnly,
  within,
  withinLabel,
  none,
}: ReferenceSelectProps) {
  const { activeColumn } = reference;
  // A contact is offered only once its client is chosen.
  const waiting = waitsFor(reference, within);
  const { data } = useQuery({ ...referenceRowsQuery(reference, within), enabled: !waiting });
  const options = (waiting ? [] : (data?.data ?? []))
    // An inactive row is offered only when it is the value already chosen.
    .filter((row) => !activeColumn || row[activeColumn] === 1 || String(row[reference.value]) === value)
    .map((row) => ({ value: String(row[reference.value]), label: String(row[reference.label] ?? "") }));
  if (none) options.unshift({ value: NONE, label: none });
  return (
    <Select
      label={label}
      withAsterisk={required && !readOnly}
      error={error}
      data={options}
      value={value === "" ? null : value}
      onChange={(next) => onChange(next ?? "")}
      searchable
      clearable={!required && !readOnly}
      readOnly={readOnly}
      limit={100}
      maxDropdownHeight="13em"
      nothingFoundMessage="Nothing found"
      placeholder={waiting && !readOnly ? waitingHint(withinLabel) : undefined}
    />
  );
}

function ReferenceSearch({
  reference,
  label,
  value,
  onChange,
  error,
  required,
  readOnly,
  within,
  withinLabel,
}: ReferenceSelectProps) {
  const keyOf = (row: Row) => String(row[reference.value]);
  // The row chosen in the box needs no reading; a value the form came with does, for its label.
  const [picked, setPicked] = useState<Row | undefined>(undefined);
  const known = picked && keyOf(picked) === value ? picked : undefined;
  const { data: stored } = useQuery({ ...referenceRowQuery(reference, value), enabled: value !== "" && !known });
  return (
    <Typeahead
      label={label}
      labelVisible
      required={required && !readOnly}
      error={error}
      table={reference.table}
      fields={`${reference.value},${reference.label}`}
      whereFor={(term) => searchWhere(reference, within, term)}
      browse
      order={reference.label}
      valueFor={keyOf}
      labelFor={(row) => String(row[reference.label] ?? "")}
      value={value === "" ? null : value}
      selectedRow={known ?? stored ?? undefined}
      onChange={(next, row) => {
        setPicked(row);
        onChange(next ?? "");
      }}
      clearable={!required && !readOnly}
      readOnly={readOnly}
      placeholder={readOnly ? undefined : waitsFor(reference, within) ? waitingHint(withinLabel) : "Type to search"}
    />
  );
}
