import { Button, Fieldset, Group, Stack } from "@mantine/core";
import { type Area, whereEquals } from "@office/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAccess } from "../services/access";
import { ConfirmDelete } from "../widgets/ConfirmDelete";
import { RecordFields } from "../widgets/form/RecordFields";
import { useLeaveGuard } from "../widgets/record/useLeaveGuard";
import { useRecordForm, useRecordSave } from "../widgets/record/useRecordForm";

/**
 * A record's form, section by section, with the buttons the user's rights allow: Insert for
 * a new one (then its own page), Update and Delete (after a question) for an existing one.
 * Its buttons come first, above the sections, where a long form's end need not be reached.
 * Without the right to save, the fields are read-only. Leaving with unsaved changes asks first.
 */
export function RecordEditor({ area, row }: { area: Area; row?: Record<string, unknown> }) {
  const navigate = useNavigate();
  const rights = useAccess().rights(area.resource);
  const state = useRecordForm(area.form, row);
  const { save: saveRecord, writes } = useRecordSave(state, area.resource.name);
  const [confirming, setConfirming] = useState(false);
  const { key } = area.resource;
  const where = row ? whereEquals(key, Number(row[key])) : "";
  const readOnly = row ? !rights.change : !rights.add;
  const list = area.listPath;
  const leaving = useLeaveGuard(state.dirty && !readOnly);

  const save = () => {
    saveRecord({ kind: row ? "update" : "insert", where, fields: state.fields() }, (id) => {
      state.saved();
      leaving.release();
      if (!row && id !== undefined) navigate(`${area.recordPath}?id=${id}`, { replace: true });
    });
  };

  return (
    <form
      noValidate
      aria-label={row ? area.recordTitle : area.newLabel}
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) save();
      }}
    >
      <Stack gap="md">
        <Group>
          {!readOnly ? (
            <Button type="submit" loading={writes.isPending}>
              {row ? "Update" : "Insert"}
            </Button>
          ) : null}
          {row && rights.del ? (
            <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ) : null}
          <Button variant="default" onClick={() => navigate(list)}>
            {row ? "Back to the list" : "Cancel"}
          </Button>
        </Group>
        {area.sections.map((section) => (
          <Fieldset key={section.title} legend={section.title}>
            <RecordFields form={area.form} state={state} names={section.fields} columns={2} readOnly={readOnly} />
          </Fieldset>
        ))}
      </Stack>
      <ConfirmDelete
        opened={confirming}
        noun={area.noun}
        busy={writes.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          writes.mutate(
            { kind: "delete", where },
            {
              onSuccess: () => {
                leaving.release();
                navigate(list, { replace: true });
              },
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
      {leaving.question}
    </form>
  );
}
