import { checkForm, type FormRules } from "@office/core";
import { useState } from "react";
import { ApiError } from "../../api/client";

/**
 * The state of a record form: values, the errors of the core rules (shown once the user tried
 * to save, or touched a field), whether anything changed, and the server's field errors.
 */
export function useRecordForm<K extends string>(rules: FormRules<K>, initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [start, setStart] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});
  const ruleErrors = checkForm(rules, values);
  const dirty = (Object.keys(values) as K[]).some((k) => values[k] !== start[k]);

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
    /** Puts a 400's field errors on their fields. */
    absorb(error: unknown) {
      if (error instanceof ApiError && error.body.fieldErrors)
        setServerErrors(error.body.fieldErrors as Partial<Record<K, string>>);
    },
    reset(next: Record<K, string>) {
      setValues(next);
      setStart(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
