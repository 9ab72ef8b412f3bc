import { TextInput } from "@mantine/core";
import type { Ref } from "react";

interface LookupInputProps {
  /** Its accessible name, unique on the page ("Value, row 3", "New value"). */
  label: string;
  value: string;
  error?: string | undefined;
  readOnly: boolean;
  required?: boolean;
  onChange: (value: string) => void;
  /** Enter in the input: save the row, or add the new value. */
  onEnter: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Its label shown above it (a phone's card, which has no header row), its name staying `label`. */
  shown?: string | undefined;
}

/** One field of a list's value, edited in place in its table cell; its rule's message under it. */
export function LookupInput({
  label,
  value,
  error,
  readOnly,
  required,
  onChange,
  onEnter,
  inputRef,
  shown,
}: LookupInputProps) {
  return (
    <TextInput
      ref={inputRef}
      label={shown}
      aria-label={label}
      aria-required={required || undefined}
      size="sm"
      value={value}
      error={error}
      readOnly={readOnly}
      variant={readOnly ? "unstyled" : "default"}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key !== "Enter" || readOnly || e.nativeEvent.isComposing) return;
        e.preventDefault();
        onEnter();
      }}
    />
  );
}
