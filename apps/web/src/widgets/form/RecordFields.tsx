import { SimpleGrid } from "@mantine/core";
import type { Column, RecordForm } from "@office/core";
import type { FormState } from "../record/useRecordForm";
import { FieldInput } from "./FieldInput";
import { FieldValue } from "./FieldValue";

interface RecordFieldsProps<K extends string> {
  form: RecordForm<K>;
  state: FormState<K>;
  readOnly?: boolean;
  /** Columns of the grid on wide screens; one on narrow ones. */
  columns?: 1 | 2;
  /** Only these of the form's fields (a section of it). */
  names?: readonly K[];
  /** What an insert adds to the form's fields (the record a child list's row belongs to): a field that writes rows of its own adds it too. */
  insertFields?: Record<string, unknown> | undefined;
}

/** The field a reference column is narrowed by (a contact's client), if any. */
const withinOf = (column: Column) => (column.field?.kind === "reference" ? column.field.reference.within : undefined);

/** The fields of a record form, for adding and for editing alike, each from its column; read-only, its values as text. */
export function RecordFields<K extends string>({
  form,
  state,
  readOnly,
  columns = 1,
  names,
  insertFields,
}: RecordFieldsProps<K>) {
  const values: Record<string, string> = state.values;
  const set = (name: K, value: string) => {
    state.set(name, value);
    // A value chosen within another field's (a client's contact) goes when that field changes.
    for (const other of form.names) {
      if (withinOf(form.columns[other]) === name && values[other] !== "") state.set(other, "");
    }
  };
  const shown = names ?? form.names;
  const access = {
    values,
    set: (name: string, value: string) => set(name as K, value),
    fields: () => ({ ...state.fields(), ...insertFields }),
  };
  // A reader gets values, not inputs: a list of terms and their definitions.
  if (readOnly)
    return (
      <SimpleGrid component="dl" m={0} cols={{ base: 1, sm: columns }} spacing="sm" verticalSpacing="sm">
        {shown.map((name) => (
          <FieldValue
            key={name}
            column={form.columns[name]}
            label={form.rules[name].label}
            value={values[name] ?? ""}
          />
        ))}
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm" verticalSpacing="sm">
      {shown.map((name) => {
        const within = withinOf(form.columns[name]);
        const withinField = form.names.find((other) => other === within);
        return (
          <FieldInput
            key={name}
            column={form.columns[name]}
            label={form.rules[name].label}
            value={state.values[name]}
            error={state.error(name)}
            within={within === undefined ? undefined : (values[within] ?? "")}
            withinLabel={withinField === undefined ? undefined : form.rules[withinField].label}
            onChange={(value) => set(name, value)}
            form={access}
          />
        );
      })}
    </SimpleGrid>
  );
}
