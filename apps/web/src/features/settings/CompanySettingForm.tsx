import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import {
  type CompanySettingState,
  isSecret,
  SECRET_SET,
  SETTING_OPERATIONS,
  type SettingDef,
  type SettingValue,
  type SettingValues,
  settingFieldError,
  TOASTS,
} from "@office/core";
import { useEffect, useMemo, useState } from "react";
import { useOperation } from "../../services/operations";
import { SettingInput } from "./SettingInput";

/** What the form starts from: what is in force, a secret empty (typing one replaces it). */
const formValues = (def: SettingDef, state: CompanySettingState): SettingValues =>
  Object.fromEntries(
    Object.entries(def.fields).map(([name, field]) => [name, isSecret(field) ? "" : (state.values[name] ?? "")]),
  );

const same = (a: SettingValue | undefined, b: SettingValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One company setting's form, drawn from its declaration: each field by its kind, those an
 * environment variable sets read only with its name, secrets written but never shown. Only
 * the fields changed are sent, with the version read: a change made meanwhile elsewhere is
 * refused (409) and the form shows the setting as it is now.
 */
export function CompanySettingForm({ def, state }: { def: SettingDef; state: CompanySettingState }) {
  const initial = useMemo(() => formValues(def, state), [def, state]);
  const [values, setValues] = useState(initial);
  const [clearing, setClearing] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    setValues(initial);
    setClearing(new Set());
  }, [initial]);
  const save = useOperation(SETTING_OPERATIONS.changeSetting, {
    done: () => TOASTS.updated,
    failed: (why) => ({ ...TOASTS.updateFailed, message: why }),
  });

  const changed = Object.fromEntries(
    Object.entries(def.fields).flatMap(([name, field]): [string, SettingValue][] => {
      if (state.env[name]) return [];
      if (isSecret(field)) return clearing.has(name) ? [[name, ""]] : values[name] ? [[name, values[name]]] : [];
      return same(values[name], state.values[name]) ? [] : [[name, values[name] as SettingValue]];
    }),
  );
  const errors = Object.fromEntries(
    Object.entries(changed).flatMap(([name, value]) => {
      const field = def.fields[name];
      const error = field ? settingFieldError(field, value) : null;
      return error ? [[name, error]] : [];
    }),
  );
  const titleID = `setting-${def.key}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleID}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ key: def.key, values: changed, version: state.version });
        }}
      >
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5" id={titleID}>
              {def.title}
            </Title>
            <Text size="sm" c="dimmed">
              {def.description}
            </Text>
          </div>
          {Object.entries(def.fields).map(([name, field]) => (
            <Stack key={name} gap={4}>
              <SettingInput
                name={`${def.key}.${name}`}
                field={field}
                value={values[name] ?? ""}
                kept={state.values[name] ?? ""}
                env={state.env[name]}
                error={errors[name]}
                onChange={(value) => setValues((before) => ({ ...before, [name]: value }))}
              />
              {isSecret(field) && state.values[name] === SECRET_SET && !state.env[name] ? (
                <Group>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    aria-pressed={clearing.has(name)}
                    onClick={() =>
                      setClearing((before) => {
                        const next = new Set(before);
                        if (!next.delete(name)) next.add(name);
                        return next;
                      })
                    }
                  >
                    {clearing.has(name)
                      ? `Keep the ${field.label.toLowerCase()}`
                      : `Clear the ${field.label.toLowerCase()}`}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={save.isPending}
              disabled={Object.keys(changed).length === 0 || Object.keys(errors).length > 0}
            >
              Save {def.title.toLowerCase()}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
