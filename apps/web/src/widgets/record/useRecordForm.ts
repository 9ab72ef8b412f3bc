import { checkForm, type RecordForm } from "@office/core";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { type RecordWrite, useRecordWrites } from "./mutations";

/**
 * The state of a record form: values, the errors of the core rules (shown once the user tried
 * to save, or touched a field), whether anything changed, and the server's field errors.
 */
export function useRecordForm<K extends string>(form: RecordForm<K>, row?: Record<string, unknown>) {
  const [values, setValues] = useState(() => (row ? form.toForm(row) : form.empty));
  const [start, setStart] = useState(() => (row ? form.toForm(row) : form.empty));
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});
  const ruleErrors = checkForm(form.rules, values);
  const dirty = form.names.some((k) => values[k] !== start[k]);

  return {
    values,
    dirty,
    set(name: K, value: string) {
      setValues((v) => ({ ...v, [name]: value }));
      setTouched((t) => ({ ...t, [name]: true }));
      setServerErrors((e) => ({ ...e, [name]: undefined }));
    },
    error(name: K): string | undefined {
      return (submitted || touched[name] ? ruleErrors[name] : undefined) ?? serverErrors[name];
    },
    /** Whether the whole form validates; shows every error when it does not. */
    validate(): boolean {
      setSubmitted(true);
      return Object.keys(ruleErrors).length === 0;
    },
    /** The values as the fields of an insert or update. */
    fields: () => form.toFields(values),
    /** Puts a 400's field errors on their fields. */
    showServerErrors(error: unknown) {
      if (error instanceof ApiError && error.body.fieldErrors)
        setServerErrors(error.body.fieldErrors as Partial<Record<K, string>>);
    },
    /** The values as they are now were saved: nothing is unsaved any more. */
    saved() {
      setStart(values);
      setTouched({});
      setSubmitted(false);
    },
    /** Starts over with a stored row, or with a new record's values. */
    reset(row?: Record<string, unknown>) {
      const next = row ? form.toForm(row) : form.empty;
      setValues(next);
      setStart(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}

export type FormState<K extends string> = ReturnType<typeof useRecordForm<K>>;

/**
 * Save of a record form, the one sequence every form follows: check the core rules (showing
 * every error if one fails), write once at a time, and put the server's field errors on their
 * fields; the write's toasts and refreshed lists are useRecordWrites'. `onSaved` gets an
 * insert's new key.
 */
export function useRecordSave<K extends string>(state: FormState<K>, table: string) {
  const writes = useRecordWrites(table);
  return {
    pending: writes.isPending,
    save(write: RecordWrite, onSaved?: (id: number | undefined) => void) {
      if (writes.isPending || !state.validate()) return;
      writes.mutate(write, { onSuccess: ({ id }) => onSaved?.(id), onError: state.showServerErrors });
    },
    /** A write that is not a form's save (a delete). */
    writes,
  };
}
