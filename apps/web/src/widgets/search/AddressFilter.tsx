import { Select } from "@mantine/core";
import { useSearchParams } from "react-router";

/** One way to narrow a list: its name in the address, its label, and its condition (where language). */
export interface FilterChoice {
  value: string;
  label: string;
  where: string;
}

const EVERY = "every";

/**
 * A list's filter of a few fixed choices, kept in the address (`?param=value`) so a narrowed
 * list can be linked to and survives a reload; "every" (the first option) clears it. Returns the
 * chosen choice's where (undefined for every row) and the labelled select that changes it.
 */
export function useAddressFilter(
  param: string,
  label: string,
  every: string,
  choices: readonly FilterChoice[],
): { where: string | undefined; select: React.ReactElement } {
  const [params, setParams] = useSearchParams();
  const chosen = choices.find((choice) => choice.value === params.get(param));
  const choose = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== EVERY && choices.some((choice) => choice.value === value)) next.set(param, value);
        else next.delete(param);
        return next;
      },
      { replace: true },
    );
  const select = (
    <Select
      label={label}
      data={[{ value: EVERY, label: every }, ...choices.map(({ value, label: text }) => ({ value, label: text }))]}
      value={chosen?.value ?? EVERY}
      onChange={choose}
      allowDeselect={false}
      w={280}
    />
  );
  return { where: chosen?.where, select };
}
