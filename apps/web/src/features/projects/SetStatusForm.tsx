import { Button, Group } from "@mantine/core";
import { recordForm, tblProjectStatus } from "@office/core";
import { FieldInput } from "../../widgets/form/FieldInput";
import { useRecordForm, useRecordSave } from "../../widgets/record/useRecordForm";

/** The one field a status is set with, here and for several projects at once (SetStatusOfSeveral). */
export const STATUS_FORM = recordForm(tblProjectStatus, ["projectStatusCodeID"]);

/**
 * A new status for a project (change on page 3): one more row of its history. The database
 * keeps the project's latest status; core declares that a status write changes the project,
 * so the project and the lists that show it are read again. The current status is not set
 * again: the history would only gain a row that changes nothing.
 */
export function SetStatusForm({ projectID, current }: { projectID: number; current?: unknown }) {
  const state = useRecordForm(STATUS_FORM);
  const { save, pending } = useRecordSave(state, tblProjectStatus.name);
  const chosen = state.values.projectStatusCodeID;
  const same = chosen !== "" && chosen === String(current);
  const submit = () => {
    if (same) return;
    save({ kind: "insert", fields: { ...state.fields(), projectID } }, () => state.reset());
  };
  return (
    <form
      noValidate
      aria-label="Set status"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-start" gap="sm">
        <FieldInput
          column={STATUS_FORM.columns.projectStatusCodeID}
          label="New status"
          value={chosen}
          error={state.error("projectStatusCodeID") ?? (same ? "This is the current status" : undefined)}
          onChange={(value) => state.set("projectStatusCodeID", value)}
        />
        <Button type="submit" mt={25} loading={pending} disabled={same}>
          Set status
        </Button>
      </Group>
    </form>
  );
}
