import { Button, Text } from "@mantine/core";
import { OPERATIONS, PROJECTS, STATUSES_SET_AT_ONCE, TOASTS } from "@office/core";
import { useState } from "react";
import { chosenCount } from "../../area-engine/bulk-actions";
import { useOperation } from "../../services/operations";
import { ConfirmDialog } from "../../widgets/ConfirmDialog";
import { FieldInput } from "../../widgets/form/FieldInput";
import { useRecordForm } from "../../widgets/record/useRecordForm";
import { STATUS_FORM } from "./SetStatusForm";

type Row = Record<string, unknown>;

/**
 * The projects chosen in Project Search take one status (POST /API/Projects/Status): asked in
 * a dialog that names how many, set on all of them or, when one may not have it, on none.
 */
export function SetStatusOfSeveral({ rows, done }: { rows: Row[]; done: () => void }) {
  const [asking, setAsking] = useState(false);
  const state = useRecordForm(STATUS_FORM);
  const set = useOperation(OPERATIONS.setProjectsStatus, {
    done: () => TOASTS.updated,
    failed: (why) => ({ ...TOASTS.updateFailed, message: why }),
    onDone: () => {
      setAsking(false);
      state.reset();
      done();
    },
  });
  const many = rows.length > STATUSES_SET_AT_ONCE;
  const what = chosenCount(rows.length, PROJECTS);
  const submit = () => {
    if (set.isPending || many || !state.validate()) return;
    set.mutate({
      projectIDs: rows.map((row) => Number(row[PROJECTS.resource.key])),
      projectStatusCodeID: Number(state.values.projectStatusCodeID),
    });
  };
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setAsking(true)}>
        Set status
      </Button>
      <ConfirmDialog
        opened={asking}
        title={`Set the status of ${what}`}
        confirm={`Set status of ${what}`}
        busy={set.isPending}
        disabled={many}
        form="Set the status of the projects chosen"
        onCancel={() => setAsking(false)}
        onConfirm={submit}
      >
        <FieldInput
          column={STATUS_FORM.columns.projectStatusCodeID}
          label="New status"
          value={state.values.projectStatusCodeID}
          error={state.error("projectStatusCodeID")}
          onChange={(value) => state.set("projectStatusCodeID", value)}
        />
        <Text size="sm" c={many ? "var(--mantine-color-error)" : "dimmed"}>
          {many
            ? `At most ${STATUSES_SET_AT_ONCE} projects take a status at once: choose fewer.`
            : "Each project's history gains this status, or, if one of them may not have it, none does."}
        </Text>
      </ConfirmDialog>
    </>
  );
}
