import { Button, Group } from "@mantine/core";
import { recordForm, tblProject, tblProjectStatus } from "@office/core";
import { useQueryClient } from "@tanstack/react-query";
import { FieldInput } from "../../widgets/form/FieldInput";
import { invalidateWritten, useRecordWrites } from "../../widgets/record/mutations";
import { useRecordForm } from "../../widgets/record/useRecordForm";

const FORM = recordForm(tblProjectStatus, ["projectStatusCodeID"]);

/**
 * A new status for a project (change on page 3): one more row of its history. The database
 * keeps the project's latest status, so the project and the lists that show it are read again.
 */
export function SetStatusForm({ projectID }: { projectID: number }) {
  const client = useQueryClient();
  const state = useRecordForm(FORM);
  const writes = useRecordWrites(tblProjectStatus.name);
  const submit = () => {
    if (!state.validate()) return;
    writes.mutate(
      { kind: "insert", fields: { ...state.fields(), projectID } },
      {
        onSuccess: () => {
          state.reset();
          return invalidateWritten(client, tblProject.name);
        },
        onError: (error) => state.absorb(error),
      },
    );
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
          column={FORM.columns.projectStatusCodeID}
          label="New status"
          value={state.values.projectStatusCodeID}
          error={state.error("projectStatusCodeID")}
          onChange={(value) => state.set("projectStatusCodeID", value)}
        />
        <Button type="submit" mt={25} loading={writes.isPending}>
          Set status
        </Button>
      </Group>
    </form>
  );
}
