import { Badge, Group, Loader, Paper, Stack, Table, Text } from "@mantine/core";
import {
  type AuditEntry,
  type Column,
  displayText,
  formatDateTime,
  labelOf,
  OPERATIONS,
  type Resource,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "../services/operations";
import { ReferenceText } from "../widgets/form/FieldValue";

const EMPLOYEE = { table: "vwEmployeeDirectory", value: "empID", label: "empName" } as const;

const ACTION_WORDS: Record<AuditEntry["action"], string> = {
  insert: "Created",
  update: "Changed",
  delete: "Deleted",
  restore: "Restored",
};

type Image = Record<string, unknown> | null;

/** A value as a record shows it: a reference by its name, a date as a US date, empty as "—". */
function Shown({ column, value }: { column: Column; value: unknown }) {
  if (value === null || value === undefined || value === "") return "—";
  if (column.field?.kind === "reference")
    return <ReferenceText reference={column.field.reference} value={String(value)} />;
  return displayText(column, value) || "—";
}

/**
 * The fields one change touched, in the order the resource declares them: a change's fields
 * whose values differ; a record made or deleted, every field it had. Secrets and what no
 * declaration names are left out.
 */
export function changedFields(resource: Resource, before: Image, after: Image): string[] {
  return Object.entries(resource.columns)
    .filter(([name, column]) => {
      if (column.hidden) return false;
      const was = before?.[name] ?? null;
      const is = after?.[name] ?? null;
      if (before && after) return JSON.stringify(was) !== JSON.stringify(is);
      return (before ?? after)?.[name] !== undefined && (was ?? is) !== null;
    })
    .map(([name]) => name);
}

/**
 * A record's History (docs/decisions.md#history): its changes from the audit trail, newest
 * first: who, when, and each field before and after. The trail is the administrators' (its
 * call is theirs), so is the tab.
 */
export function HistoryTab({ resource, id }: { resource: Resource; id: number }) {
  // Read again each time the tab opens: a change made on the page is in it.
  const { data, isError } = useQuery({
    ...operationQuery(OPERATIONS.auditTrail, { table: resource.name, key: String(id) }),
    staleTime: 0,
  });
  if (isError) return <Text c="dimmed">The history could not be read.</Text>;
  if (!data) return <Loader size="sm" role="status" aria-label="Loading the history" />;
  const entries = [...data.data].reverse();
  if (entries.length === 0) return <Text c="dimmed">No change is recorded for this record.</Text>;
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label="Changes, newest first">
      {entries.map((entry) => {
        const fields = changedFields(resource, entry.before, entry.after);
        return (
          <Paper key={entry.auditID} component="li" withBorder p="sm">
            <Group gap="xs" mb={fields.length ? "xs" : 0}>
              <Badge variant="light" color="gray.7" radius="sm" style={{ textTransform: "none" }}>
                {ACTION_WORDS[entry.action]}
              </Badge>
              <Text size="sm" fw={500}>
                {entry.empID === null ? (
                  "The system"
                ) : (
                  <ReferenceText reference={EMPLOYEE} value={String(entry.empID)} />
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(entry.createdTS)}
              </Text>
            </Group>
            {fields.length ? (
              <Table fz="sm" verticalSpacing={2} withRowBorders={false}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="30%">Field</Table.Th>
                    {entry.before && entry.after ? <Table.Th>Before</Table.Th> : null}
                    <Table.Th>{entry.before && entry.after ? "After" : "Value"}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fields.map((name) => {
                    const column = resource.columns[name] as Column;
                    return (
                      <Table.Tr key={name}>
                        <Table.Td>{labelOf(column, name)}</Table.Td>
                        {entry.before && entry.after ? (
                          <Table.Td c="dimmed">
                            <Shown column={column} value={entry.before[name]} />
                          </Table.Td>
                        ) : null}
                        <Table.Td>
                          <Shown column={column} value={(entry.after ?? entry.before)?.[name]} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            ) : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
