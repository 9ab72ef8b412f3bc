import { ActionIcon, Button, Group, Stack, Table } from "@mantine/core";
import { tblAppLookup, whereEquals } from "@office/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { type ReactNode, type Ref, useEffect, useRef } from "react";
import type { DialogRights } from "../../widgets/record/dialog-buttons";
import { useRecordForm, useRecordSave } from "../../widgets/record/useRecordForm";
import { LookupInput } from "./LookupInput";
import { LOOKUP_FORM, type LookupRow } from "./lookup-list";

interface LookupRowEditorProps {
  row: LookupRow;
  /** Its place in the list, from 0. */
  index: number;
  count: number;
  rights: DialogRights;
  /** Whether the table has its actions column. */
  actions: boolean;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  /** A phone's card: its fields under their labels, then its actions, in one cell. */
  cards?: boolean;
}

/** A row's move up or down: its words are its name and its title (a tooltip for the icon). */
function MoveButton(props: {
  ref: Ref<HTMLButtonElement>;
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      ref={props.ref}
      variant="default"
      size="lg"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </ActionIcon>
  );
}

/**
 * One value of a list, edited in place: its fields (read-only without the change right), Save
 * once something changed (or Enter in a field), the moves and the delete.
 */
export function LookupRowEditor({
  row,
  index,
  count,
  rights,
  actions,
  onMove,
  onDelete,
  cards = false,
}: LookupRowEditorProps) {
  const state = useRecordForm(LOOKUP_FORM, row);
  const { save: saveRecord, pending } = useRecordSave(state, tblAppLookup.name);
  const n = index + 1;
  const name = row.appLookupValue ?? "";
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const refocus = useRef<"up" | "down" | null>(null);

  // The row as stored changed (read again after a write): unless it is being edited, show it.
  const stored = JSON.stringify(LOOKUP_FORM.toForm(row));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new stored row resets the fields.
  useEffect(() => {
    if (!state.dirty) state.reset(row);
  }, [stored]);

  // A value moved to an end: its button that way is disabled now, so the focus goes to the other one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the row has moved.
  useEffect(() => {
    const target = refocus.current;
    refocus.current = null;
    if (target) (target === "up" ? up : down).current?.focus();
  }, [index]);

  const save = () => {
    if (!rights.change || !state.dirty) return;
    saveRecord({ kind: "update", where: whereEquals("appLookupID", row.appLookupID), fields: state.fields() }, () =>
      state.saved(),
    );
  };
  const move = (by: -1 | 1) => {
    if (by === -1 && index === 1) refocus.current = "down";
    if (by === 1 && index === count - 2) refocus.current = "up";
    onMove(by);
  };

  const fields = LOOKUP_FORM.names.map((field) => (
    <LookupInput
      key={field}
      label={`${LOOKUP_FORM.rules[field].label}, row ${n}`}
      shown={cards ? LOOKUP_FORM.rules[field].label : undefined}
      value={state.values[field]}
      error={state.error(field)}
      readOnly={!rights.change}
      required={field === "appLookupValue"}
      onChange={(value) => state.set(field, value)}
      onEnter={save}
    />
  ));
  const buttons = (
    <Group gap={6} wrap="nowrap">
      {rights.change ? (
        <>
          <Button size="xs" aria-label={`Save row ${n}`} disabled={!state.dirty} loading={pending} onClick={save}>
            Save
          </Button>
          <MoveButton ref={up} label={`Move ${name} up`} disabled={index === 0} onClick={() => move(-1)}>
            <IconArrowUp size={16} aria-hidden="true" />
          </MoveButton>
          <MoveButton ref={down} label={`Move ${name} down`} disabled={index === count - 1} onClick={() => move(1)}>
            <IconArrowDown size={16} aria-hidden="true" />
          </MoveButton>
        </>
      ) : null}
      {rights.del ? (
        <ActionIcon
          variant="light"
          color="red"
          size="lg"
          aria-label={`Delete ${name}`}
          title={`Delete ${name}`}
          onClick={onDelete}
        >
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      ) : null}
    </Group>
  );
  if (cards) {
    return (
      <Table.Tr>
        <Table.Td>
          <Stack gap={6}>
            {fields}
            {actions ? buttons : null}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      {fields.map((field) => (
        <Table.Td key={field.key}>{field}</Table.Td>
      ))}
      {actions ? <Table.Td>{buttons}</Table.Td> : null}
    </Table.Tr>
  );
}
