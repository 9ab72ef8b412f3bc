import { Select } from "@mantine/core";
import { type Reference, whereBuilder } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { queryRows } from "../../api/client";

type Row = Record<string, unknown>;

// Enough for any list or directory a select should offer; the box searches what it holds.
const MAX_OPTIONS = 5_000;

export interface ReferenceSelectProps {
  reference: Reference;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  readOnly?: boolean;
}

/** The rows a reference may name, as a searchable select: a list's values in their order, or a table's rows by name. */
export function ReferenceSelect({
  reference,
  label,
  value,
  onChange,
  error,
  required,
  readOnly,
}: ReferenceSelectProps) {
  const { table, group, activeColumn } = reference;
  const w = whereBuilder();
  const fields = [reference.value, reference.label, ...(activeColumn ? [activeColumn] : [])].join(",");
  const { data } = useQuery({
    queryKey: [table, "list", { fields, group }],
    queryFn: () =>
      queryRows<Row>({
        table,
        fields,
        where: group === undefined ? "" : w.print(w.eq("appLookupParentID", group)),
        order: group === undefined ? reference.label : "appLookupSort",
        rowLimit: MAX_OPTIONS,
      }),
    staleTime: 60_000,
  });
  const options = (data?.data ?? [])
    // An inactive row is offered only when it is the value already chosen.
    .filter((row) => !activeColumn || row[activeColumn] === 1 || String(row[reference.value]) === value)
    .map((row) => ({ value: String(row[reference.value]), label: String(row[reference.label] ?? "") }));
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
    />
  );
}
