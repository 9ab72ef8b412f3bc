import { NativeSelect, TextInput } from "@mantine/core";
import { ACTIVE_INACTIVE, type Column, type SearchCriterion } from "@office/core";
import { ReferenceSelect } from "../../widgets/form/ReferenceSelect";

interface CriterionInputProps {
  criterion: SearchCriterion;
  column: Column | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** One box of an advanced search: words, or a value of the column's list ("Any" searches every one). */
export function CriterionInput({ criterion, column, value, onChange }: CriterionInputProps) {
  const { label } = criterion;
  const field = criterion.kind === "equals" ? column?.field : undefined;
  const select = (options: readonly { value: number | string; label: string }[]) => (
    <NativeSelect
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[{ value: "", label: "Any" }, ...options.map((o) => ({ value: String(o.value), label: o.label }))]}
    />
  );
  switch (field?.kind) {
    case "choice":
      return select(field.options);
    case "flag":
      return select(ACTIVE_INACTIVE);
    case "reference":
      return <ReferenceSelect reference={field.reference} label={label} value={value} onChange={onChange} />;
    default:
      return <TextInput label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
