import { NativeSelect, TextInput } from "@mantine/core";
import { ACTIVE_INACTIVE, type Column, criterionParams, type SearchCriterion } from "@office/core";
import { DateRangeField } from "../form/DateRangeField";
import { ReferenceSelect } from "../form/ReferenceSelect";
import type { SearchValues } from "./search-values";

interface CriterionInputProps {
  criterion: SearchCriterion;
  /** The column it searches (its first), whose field says how a value is picked. */
  column: Column | undefined;
  values: SearchValues;
  onChange: (patch: SearchValues) => void;
  /** The criterion's message (a date range's, a typed id's). */
  message?: string | undefined;
}

/**
 * One box of a search: words; a value of a list ("Any" searches every one) or of a table
 * (picked by name); or a range of days, From and To. The criterion's own field, where it
 * declares one, decides over its column's.
 */
export function CriterionInput({ criterion, column, values, onChange, message }: CriterionInputProps) {
  const { name, label } = criterion;
  const value = values[name] ?? "";
  const set = (next: string) => onChange({ [name]: next });
  if (criterion.kind === "dateRange") {
    const [from, to] = criterionParams(criterion) as [string, string];
    return (
      <DateRangeField
        label={label}
        required={criterion.required}
        value={{ start: values[from] ?? "", end: values[to] ?? "" }}
        onChange={(range) => onChange({ [from]: range.start ?? "", [to]: range.end ?? "" })}
        error={message}
      />
    );
  }
  const field = criterion.kind === "equals" ? (criterion.field ?? column?.field) : undefined;
  const select = (options: readonly { value: number | string; label: string }[]) => (
    <NativeSelect
      label={label}
      value={value}
      onChange={(e) => set(e.currentTarget.value)}
      data={[{ value: "", label: "Any" }, ...options.map((o) => ({ value: String(o.value), label: o.label }))]}
    />
  );
  switch (field?.kind) {
    case "choice":
      return select(field.options);
    case "flag":
      return select(ACTIVE_INACTIVE);
    case "reference":
      return (
        <ReferenceSelect reference={field.reference} label={label} value={value} onChange={set} none={criterion.none} />
      );
    default:
      return <TextInput label={label} value={value} error={message} onChange={(e) => set(e.currentTarget.value)} />;
  }
}
