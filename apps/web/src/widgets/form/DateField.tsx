import "@mantine/dates/styles.css";
import { ActionIcon, Popover, TextInput } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import { formatUsDate, parseUsDate } from "@office/core";
import { IconCalendar } from "@tabler/icons-react";
import { useState } from "react";

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | boolean | undefined;
  required?: boolean;
  readOnly?: boolean;
}

/**
 * A date typed as MM/DD/YYYY, with a calendar to pick it from. The text is what the
 * form holds, so the rules see exactly what was typed and name a wrong one.
 */
export function DateField({ label, value, onChange, error, required, readOnly }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const iso = parseUsDate(value);
  return (
    <TextInput
      label={label}
      placeholder="MM/DD/YYYY"
      inputMode="numeric"
      value={value}
      error={error}
      withAsterisk={required && !readOnly}
      readOnly={readOnly}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={
        readOnly ? null : (
          <Popover opened={open} onChange={setOpen} position="bottom-end" trapFocus returnFocus>
            <Popover.Target>
              <ActionIcon variant="subtle" aria-label="Open calendar" onClick={() => setOpen((o) => !o)}>
                <IconCalendar size={16} aria-hidden="true" />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <DatePicker
                value={iso}
                defaultDate={iso ?? undefined}
                onChange={(picked) => {
                  if (picked) onChange(formatUsDate(picked) ?? "");
                  setOpen(false);
                }}
              />
            </Popover.Dropdown>
          </Popover>
        )
      }
    />
  );
}
