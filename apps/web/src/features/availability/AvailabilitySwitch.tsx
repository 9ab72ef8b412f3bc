import { SegmentedControl } from "@mantine/core";
import { AVAILABILITY_TYPES, type AvailabilityType, availabilityColour } from "@office/core";
import classes from "./availability-switch.module.css";
import { MANTINE_COLOUR } from "./colours";

interface AvailabilitySwitchProps {
  value: string | null;
  onChange: (type: AvailabilityType) => void;
  disabled?: boolean;
}

/** The In / Break / Out radio switch, in the status's colour (docs/product-rules.md#availability). */
export function AvailabilitySwitch({ value, onChange, disabled }: AvailabilitySwitchProps) {
  return (
    <SegmentedControl
      aria-label="My availability"
      fullWidth
      value={value ?? ""}
      onChange={(next) => onChange(next as AvailabilityType)}
      data={[...AVAILABILITY_TYPES]}
      color={MANTINE_COLOUR[availabilityColour(value)]}
      disabled={disabled}
      classNames={{ label: classes.label }}
    />
  );
}
