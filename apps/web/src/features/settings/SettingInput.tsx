import { NumberInput, PasswordInput, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { SECRET_SET, type SettingField, type SettingValue } from "@office/core";
import { useMemo } from "react";
import { HolidaysInput } from "./HolidaysInput";

export interface SettingInputProps {
  name: string;
  field: SettingField;
  value: SettingValue;
  /** What is kept now (a secret: SECRET_SET or ""). */
  kept: SettingValue;
  onChange: (value: SettingValue) => void;
  error?: string | null;
  /** The environment variable that sets it: shown, and the field is read only. */
  env?: string;
}

const zones = () => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
};

/** One field of a setting, drawn by its declared kind. */
export function SettingInput({ name, field, value, kept, onChange, error, env }: SettingInputProps) {
  const { kind, label } = field;
  const description = env ? `Set by the environment variable ${env}, which wins over a saved value.` : field.hint;
  const common = { label, description, error: error ?? undefined, readOnly: env !== undefined, name };
  const zoneList = useMemo(() => (kind.type === "timeZone" ? zones() : []), [kind.type]);
  switch (kind.type) {
    case "choice":
      return (
        <Stack gap={4}>
          <Text fw={500} size="sm" id={`${name}-label`}>
            {label}
          </Text>
          <SegmentedControl
            aria-labelledby={`${name}-label`}
            value={String(value)}
            disabled={env !== undefined}
            onChange={onChange}
            data={kind.choices.map((choice) => ({ ...choice }))}
          />
        </Stack>
      );
    case "integer":
      return (
        <NumberInput
          {...common}
          min={kind.min}
          max={kind.max}
          allowDecimal={false}
          value={value as number | string}
          onChange={(next) => onChange(typeof next === "number" ? next : next === "" ? "" : Number(next))}
          w={160}
        />
      );
    case "timeZone":
      return (
        <Select
          {...common}
          searchable
          data={zoneList.includes(String(value)) ? zoneList : [String(value), ...zoneList]}
          value={String(value)}
          onChange={(next) => next && onChange(next)}
          nothingFoundMessage="No such time zone"
          limit={200}
        />
      );
    case "holidays":
      return <HolidaysInput label={label} value={value} onChange={onChange} error={error ?? null} />;
    case "secret":
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          description={
            env
              ? description
              : kept === SECRET_SET
                ? "Set. It is never shown again: type a new one to replace it."
                : "Not set."
          }
          placeholder={kept === SECRET_SET ? "••••••••" : undefined}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          {...(kind.type === "money" ? { leftSection: "$", inputMode: "decimal" as const, w: 160 } : {})}
          {...(kind.type === "url" ? { type: "url", inputMode: "url" as const } : {})}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
