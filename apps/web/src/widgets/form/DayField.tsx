import { formatUsDate, parseUsDate } from "@office/core";
import { useEffect, useState } from "react";
import { DateField } from "./DateField";

/**
 * A day held as ISO (an address's `from`, `to`, `asOf`), typed as MM/DD/YYYY with its calendar:
 * a day typed that is no day stays in the box, said wrong, and changes nothing; emptied, none.
 */
export function DayField(props: {
  label: string;
  value: string | undefined;
  onChange: (iso: string | undefined) => void;
}) {
  const [text, setText] = useState(props.value ? (formatUsDate(props.value) ?? "") : "");
  useEffect(() => setText(props.value ? (formatUsDate(props.value) ?? "") : ""), [props.value]);
  return (
    <DateField
      label={props.label}
      value={text}
      error={text !== "" && !parseUsDate(text) ? "MM/DD/YYYY" : undefined}
      onChange={(typed) => {
        setText(typed);
        const day = parseUsDate(typed);
        if (typed === "") props.onChange(undefined);
        else if (day) props.onChange(day);
      }}
    />
  );
}
