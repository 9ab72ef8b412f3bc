import { Fieldset, Group, Input } from "@mantine/core";
import type { DateRange } from "@office/core";
import { DateField } from "./DateField";

export interface DateRangeFieldProps {
  label: string;
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** The range's message (requireddaterange, daterangevalidformat, daterange). */
  error?: string | undefined;
  required?: boolean;
}

/** A date range: From and To, each typed or picked; one message for the range. */
export function DateRangeField({ label, value, onChange, error, required }: DateRangeFieldProps) {
  return (
    <Fieldset legend={required ? `${label} *` : label} variant="unstyled" p={0}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <DateField
          label="From"
          value={value.start ?? ""}
          error={Boolean(error)}
          onChange={(start) => onChange({ ...value, start })}
        />
        <DateField
          label="To"
          value={value.end ?? ""}
          error={Boolean(error)}
          onChange={(end) => onChange({ ...value, end })}
        />
      </Group>
      {error ? <Input.Error mt={4}>{error}</Input.Error> : null}
    </Fieldset>
  );
}
