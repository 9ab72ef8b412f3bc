import { SegmentedControl } from "@mantine/core";
import { AVAILABILITY_TYPES, type AvailabilityType, availabilityColour } from "@office/core";
import { MANTINE_COLOUR, ON_STATUS_COLOUR } from "./colours";

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
      styles={{ label: { color: ON_STATUS_COLOUR } }}
    />
  );
}
