import { ActionIcon, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { formatUsDate, type Holiday, parseUsDate, type SettingValue } from "@office/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { DateField } from "../../widgets/form/DateField";

/** A holiday as the form holds it: the date as typed (MM/DD/YYYY), turned to ISO when it is one. */
interface Row {
  date: string;
  name: string;
}

const rowsOf = (value: SettingValue): Row[] =>
  Array.isArray(value) ? value.map((day) => ({ date: formatUsDate(day.date) ?? day.date, name: day.name })) : [];
const daysOf = (rows: Row[]): Holiday[] =>
  rows.map((row) => ({ date: parseUsDate(row.date) ?? row.date, name: row.name }));

/** The company's holidays: a date and a name each, in date order once saved. */
export function HolidaysInput(props: {
  label: string;
  value: SettingValue;
  onChange: (value: SettingValue) => void;
  error: string | null;
}) {
  const rows = rowsOf(props.value);
  const change = (next: Row[]) => props.onChange(daysOf(next));
  return (
    <Stack gap="xs" role="group" aria-label={props.label}>
      <Text fw={500} size="sm">
        {props.label}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No holidays yet.
        </Text>
      ) : null}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved; their place is it.
        <Group key={index} align="flex-end" wrap="nowrap" gap="xs">
          <DateField
            label={`Date of holiday ${index + 1}`}
            value={row.date}
            onChange={(date) => change(rows.map((r, i) => (i === index ? { ...r, date } : r)))}
          />
          <TextInput
            label={`Name of holiday ${index + 1}`}
            style={{ flex: 1 }}
            value={row.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              change(rows.map((r, i) => (i === index ? { ...r, name } : r)));
            }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={`Remove holiday ${index + 1}`}
            onClick={() => change(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      {props.error ? (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => change([...rows, { date: "", name: "" }])}
        >
          Add a holiday
        </Button>
      </Group>
    </Stack>
  );
}
