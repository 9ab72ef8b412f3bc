import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import {
  ACTIVE_EMPLOYEE,
  ADMIN_TOOL_OPERATIONS,
  ADMINISTRATION_OPERATIONS,
  type AuditChange,
  type AuditQuery,
  printWhere,
  RESOURCES,
  recordHref,
  recordTarget,
  SERVER_AUDITED_TABLES,
  TOASTS,
  type Tone,
  whereBuilder,
} from "@office/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { call } from "../../api/operations";
import { useOperation } from "../../services/operations";
import { readKey } from "../../services/query-keys";
import { rowsQuery } from "../../services/rows-query";
import { EmployeeTypeahead } from "../../widgets/EmployeeTypeahead";
import { DayField } from "../../widgets/form/DayField";
import { StatusPill } from "../../widgets/StatusPill";
import type { Row } from "../../widgets/Typeahead";

const op = ADMIN_TOOL_OPERATIONS.auditChanges;
const TABLES = [...RESOURCES.values()]
  .filter((def) => def.kind === "table")
  .map((def) => ({ value: def.name, label: def.name }))
  .concat(Object.entries(SERVER_AUDITED_TABLES).map(([name, holds]) => ({ value: name, label: `${name} (${holds})` })));
const ACTIONS = ["insert", "update", "delete", "restore"];
const ACTION_TONES: Record<AuditChange["action"], Tone> = {
  insert: "positive",
  update: "progress",
  delete: "negative",
  restore: "caution",
};
const FILTERS = ["table", "key", "empID", "action", "from", "to"] as const;

/** The filters of the address: a link is the view. */
function queryOf(search: URLSearchParams): AuditQuery {
  const query: Record<string, string | number> = {};
  for (const name of FILTERS) {
    const value = search.get(name);
    if (value) query[name] = name === "empID" ? Number(value) : value;
  }
  return query as AuditQuery;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "short", timeStyle: "short" });
const text = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** The employee of the address's empID, by name, for the filter's box (the address holds only the number). */
function useEmployee(empID: number | undefined): Row | undefined {
  const { data } = useQuery({
    ...rowsQuery<Row>({
      table: ACTIVE_EMPLOYEE.table,
      fields: "empID,empName",
      where: printWhere(whereBuilder().eq("empID", empID ?? 0)),
      rowLimit: 1,
    }),
    enabled: empID !== undefined,
  });
  return empID === undefined ? undefined : (data?.[0] ?? { empID, empName: `Employee ${empID}` });
}

/** A change's record: a link to it where an area shows its table and the record is still there. */
function RecordCell({ change }: { change: AuditChange }) {
  const target = recordTarget(change.tableName);
  if (!target || change.action === "delete") return <>{change.recordKey}</>;
  return (
    <Link to={recordHref(target, change.recordKey)} aria-label={`Open ${change.tableName} ${change.recordKey}`}>
      {change.recordKey}
    </Link>
  );
}

/** A change's before and after, side by side, the fields it changed marked. */
function BeforeAfter({ change }: { change: AuditChange }) {
  const names = [...new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})])];
  return (
    <Table fz="xs" withTableBorder captionSide="top" aria-label={`Change ${change.auditID}: before and after`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {names.map((name) => {
          const [before, after] = [text(change.before?.[name]), text(change.after?.[name])];
          const changed = change.before && change.after && before !== after;
          return (
            <Table.Tr
              key={name}
              fw={changed ? 600 : undefined}
              bg={changed ? "var(--mantine-color-yellow-light)" : undefined}
            >
              <Table.Td>{name}</Table.Td>
              <Table.Td style={{ wordBreak: "break-word" }}>{change.before ? before : "—"}</Table.Td>
              <Table.Td style={{ wordBreak: "break-word" }}>{change.after ? after : "—"}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The audit trail browser (page 40): every change by table, record, employee, action and days,
 * newest first, 50 at a time; each change's before and after side by side; a deleted record put
 * back with Restore.
 */
export function AuditTrail() {
  const [search, setSearch] = useSearchParams();
  const query = queryOf(search);
  const [open, setOpen] = useState<number | null>(null);
  const changes = useInfiniteQuery({
    queryKey: readKey(op.reads, op.path, query),
    queryFn: ({ pageParam }) => call(op, { ...query, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const employee = useEmployee(query.empID);
  const restore = useOperation(ADMINISTRATION_OPERATIONS.restoreDeleted, {
    done: () => TOASTS.restored,
    failed: (why) => TOASTS.restoreFailed(why),
  });
  const set = (name: (typeof FILTERS)[number], value: string | null | undefined) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next);
  };
  const rows = changes.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="sm">
          <Select
            label="Table"
            data={TABLES}
            value={query.table ?? null}
            onChange={(v) => set("table", v)}
            searchable
            clearable
          />
          <TextInput
            label="Record"
            placeholder="Its key"
            defaultValue={query.key ?? ""}
            onBlur={(e) => set("key", e.currentTarget.value.trim())}
            onKeyDown={(e) => e.key === "Enter" && set("key", e.currentTarget.value.trim())}
          />
          <EmployeeTypeahead
            label="Employee"
            value={employee}
            onChange={(row) => set("empID", row ? String(row.empID) : null)}
            clearable
            former
          />
          <Select
            label="Action"
            data={ACTIONS}
            value={query.action ?? null}
            onChange={(v) => set("action", v)}
            clearable
          />
          <DayField label="From" value={query.from} onChange={(day) => set("from", day)} />
          <DayField label="To" value={query.to} onChange={(day) => set("to", day)} />
        </SimpleGrid>
      </Paper>
      <Table.ScrollContainer minWidth={640}>
        <Table striped fz="sm" captionSide="top" aria-label="Changes, newest first">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Table</Table.Th>
              <Table.Th>Record</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed" role="status">
                    Reading the audit trail…
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {changes.isSuccess && rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed">
                    {Object.keys(query).length > 0
                      ? "No change matches these filters."
                      : "No change has been made yet: each one made in Office will be listed here."}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((change) => (
              <Fragment key={change.auditID}>
                <Table.Tr>
                  <Table.Td>{when(change.createdTS)}</Table.Td>
                  <Table.Td>{change.byName ?? "The system"}</Table.Td>
                  <Table.Td>
                    <StatusPill tone={ACTION_TONES[change.action]}>{change.action}</StatusPill>
                  </Table.Td>
                  <Table.Td>{change.tableName}</Table.Td>
                  <Table.Td>
                    <RecordCell change={change} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-expanded={open === change.auditID}
                        onClick={() => setOpen(open === change.auditID ? null : change.auditID)}
                      >
                        {open === change.auditID ? "Hide" : "Before and after"}
                      </Button>
                      {change.restorable ? (
                        <Button
                          size="compact-xs"
                          variant="default"
                          loading={restore.isPending && restore.variables?.auditID === change.auditID}
                          onClick={() => restore.mutate({ auditID: change.auditID })}
                        >
                          Restore
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {open === change.auditID ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <BeforeAfter change={change} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {changes.hasNextPage ? (
        <Group>
          <Button variant="default" loading={changes.isFetchingNextPage} onClick={() => void changes.fetchNextPage()}>
            Older changes
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
