import { SimpleGrid } from "@mantine/core";
import type { RecordForm } from "@office/core";
import type { FormState } from "../record/useRecordForm";
import { FieldInput } from "./FieldInput";

interface RecordFieldsProps<K extends string> {
  form: RecordForm<K>;
  state: FormState<K>;
  readOnly?: boolean;
  /** Columns of the grid on wide screens; one on narrow ones. */
  columns?: 1 | 2;
  /** Only these of the form's fields (a section of it). */
  names?: readonly K[];
}

/** The fields of a record form, for adding and for editing alike, each from its column. */
export function RecordFields<K extends string>({ form, state, readOnly, columns = 1, names }: RecordFieldsProps<K>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm" verticalSpacing="sm">
      {(names ?? form.names).map((name) => (
        <FieldInput
          key={name}
          column={form.columns[name]}
          label={form.rules[name].label}
          value={state.values[name]}
          error={state.error(name)}
          readOnly={readOnly}
          onChange={(value) => state.set(name, value)}
        />
      ))}
    </SimpleGrid>
  );
}
