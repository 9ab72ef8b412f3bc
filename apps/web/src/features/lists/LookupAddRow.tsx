import { Button, Stack, Table } from "@mantine/core";
import { tblAppLookup } from "@office/core";
import { IconPlus } from "@tabler/icons-react";
import { useRef } from "react";
import { useRecordForm, useRecordSave } from "../../widgets/record/useRecordForm";
import { LookupInput } from "./LookupInput";
import { LOOKUP_FORM, type LookupRow, nextSort } from "./lookup-list";

interface LookupAddRowProps {
  group: string;
  /** The list's values: the new one goes after the last. */
  rows: readonly LookupRow[];
  /** Whether the table has its actions column. */
  actions: boolean;
  /** A phone's card: the fields under their labels, then Add, in one cell. */
  cards?: boolean;
}

/** The row under a list's values that adds one at the bottom (Add, or Enter in a field). */
export function LookupAddRow({ group, rows, actions, cards = false }: LookupAddRowProps) {
  const state = useRecordForm(LOOKUP_FORM);
  const { save, pending } = useRecordSave(state, tblAppLookup.name);
  const first = useRef<HTMLInputElement>(null);
  const row = useRef<HTMLTableRowElement>(null);

  const add = () => {
    save(
      { kind: "insert", fields: { ...state.fields(), appLookupParentID: group, appLookupSort: nextSort(rows) } },
      () => {
        state.reset();
        // Ready for the next value, unless the user has gone elsewhere while this one was saved.
        const focused = document.activeElement;
        if (!focused || focused === document.body || row.current?.contains(focused)) first.current?.focus();
      },
    );
  };

  const fields = LOOKUP_FORM.names.map((field, i) => (
    <LookupInput
      key={field}
      inputRef={i === 0 ? first : undefined}
      label={`New ${LOOKUP_FORM.rules[field].label.toLowerCase()}`}
      shown={cards ? `New ${LOOKUP_FORM.rules[field].label.toLowerCase()}` : undefined}
      value={state.values[field]}
      error={state.error(field)}
      readOnly={false}
      required={field === "appLookupValue"}
      onChange={(value) => state.set(field, value)}
      onEnter={add}
    />
  ));
  const button = (
    <Button size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} loading={pending} onClick={add}>
      Add
    </Button>
  );
  if (cards) {
    return (
      <Table.Tr ref={row}>
        <Table.Td>
          <Stack gap={6} align="flex-start">
            {fields}
            {actions ? button : null}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr ref={row}>
      {fields.map((field) => (
        <Table.Td key={field.key}>{field}</Table.Td>
      ))}
      {actions ? <Table.Td>{button}</Table.Td> : null}
    </Table.Tr>
  );
}
