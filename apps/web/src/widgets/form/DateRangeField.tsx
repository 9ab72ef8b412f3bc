import { Box, Fieldset, Group, Input, Text } from "@mantine/core";
import type { DateRange } from "@office/core";
import { useId } from "react";
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
  const messageId = useId();
  // The message names the whole range: the group is described by it, and it is announced.
  return (
    <Fieldset
      legend={
        <>
          {label}
          {required ? (
            <Text component="span" c="red" aria-hidden="true">
              {" *"}
            </Text>
          ) : null}
        </>
      }
      variant="unstyled"
      p={0}
      aria-describedby={error ? messageId : undefined}
    >
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
      <Box role="alert" id={messageId}>
        {error ? <Input.Error mt={4}>{error}</Input.Error> : null}
      </Box>
    </Fieldset>
  );
}
