import { Alert, Button, Checkbox, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import {
  GRID_FLAGS,
  ADMINISTRATION_OPERATIONS as op,
  type PermissionGridBody,
  type PermissionRow,
  permissionGrid,
  TOASTS,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { operationQuery, useOperation } from "../../services/operations";

type Grid = ReturnType<typeof permissionGrid>;

/**
 * An employee's permissions (administrators): every site page × view, add, change, delete,
 * saved at once. A grid the server refuses (it would leave no administrator) changes nothing
 * and says why.
 */
export function PermissionGrid({ empID }: { empID: number }) {
  const { data } = useQuery({ ...operationQuery(op.permissionGrid, { empID }), select: (answer) => answer.data });
  if (!data) return <Loader size="sm" role="status" aria-label="Loading the permissions" />;
  return <GridForm key={JSON.stringify(data)} empID={empID} saved={permissionGrid(data)} />;
}

function GridForm({ empID, saved }: { empID: number; saved: Grid }) {
  const [grid, setGrid] = useState(saved);
  const [refusal, setRefusal] = useState<string | null>(null);
  const dirty = JSON.stringify(grid) !== JSON.stringify(saved);
  // Saved, every read of permission rows is stale: the administrator's own rights among them.
  const saving = useOperation(op.savePermissionGrid, {
    done: () => TOASTS.updated,
    failed: () => TOASTS.updateFailed,
    onDone: () => setRefusal(null),
    onFailed: (error) => setRefusal(error instanceof ApiError ? error.body.message : "The permissions were not saved."),
  });
  const save = () =>
    saving.mutate({ empID, rows: grid.map(({ title: _title, ...row }) => row) as PermissionGridBody["rows"] });
  const toggle = (page: number, column: keyof PermissionRow) =>
    setGrid((rows) =>
      rows.map((row) => (row.permissionPageID === page ? { ...row, [column]: row[column] === 1 ? 0 : 1 } : row)),
    );

  return (
    <Stack gap="xs" component="section" aria-labelledby="permissions-title">
      <Title order={2} size="h4" id="permissions-title">
        Permissions
      </Title>
      <Text size="sm" c="dimmed">
        Every page of the site and what this employee may do on it. Saved all at once.
      </Text>
      {refusal ? (
        <Alert color="red" role="alert" title="Not saved">
          {refusal}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder aria-label="Permissions" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Page</Table.Th>
              {GRID_FLAGS.map((f) => (
                <Table.Th key={f.flag} scope="col">
                  {f.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.map((row) => (
              <Table.Tr key={row.permissionPageID}>
                <Table.Th scope="row" fw="normal">
                  {row.title} ({row.permissionPageID})
                </Table.Th>
                {GRID_FLAGS.map((f) => (
                  <Table.Td key={f.flag}>
                    <Checkbox
                      aria-label={`${row.title}: ${f.label}`}
                      checked={row[f.column] === 1}
                      onChange={() => toggle(row.permissionPageID, f.column)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button onClick={() => save()} disabled={!dirty} loading={saving.isPending}>
          Save permissions
        </Button>
        <Button variant="default" onClick={() => setGrid(saved)} disabled={!dirty}>
          Undo changes
        </Button>
      </Group>
    </Stack>
  );
}
