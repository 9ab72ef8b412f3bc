import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Select, Stack, Table, Text } from "@mantine/core";
import {
  ACTIVE_EMPLOYEE,
  ADMIN_TOOL_OPERATIONS,
  BULK_PERMISSION_TARGETS,
  type BulkPermissionsAnswer,
  type BulkPermissionsBody,
  counted,
  GRID_FLAGS,
  LOOKUP_GROUPS,
  lookupReference,
  PAGE_IDS,
  PAGE_TITLES,
  type PageId,
  type PermissionRow,
  TOASTS,
  whereBuilder,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, queryRows } from "../../api/client";
import { call } from "../../api/operations";
import { reportFailure } from "../../services/failures";
import { useChange, useOperation } from "../../services/operations";
import { EmployeesField } from "../../widgets/EmployeesField";
import { EmployeeTypeahead } from "../../widgets/EmployeeTypeahead";
import { printAll, referenceRowsQuery } from "../../widgets/form/reference-rows";
import type { Row } from "../../widgets/Typeahead";

const op = ADMIN_TOOL_OPERATIONS.bulkPermissions;
const PAGES = PAGE_IDS.map((id) => ({ value: String(id), label: `${PAGE_TITLES[id]} (${id})` }));
const DEPARTMENTS = lookupReference(LOOKUP_GROUPS.departments);

type Kind = BulkPermissionsBody["kind"];
type Flags = Omit<Extract<BulkPermissionsBody, { kind: "page" }>["page"], "permissionPageID">;
const NO_FLAGS: Flags = { permissionView: 0, permissionAdd: 0, permissionChange: 0, permissionDel: 0 };

/** A page's rights as words: "View, Change", or "None" where the employee has no row. */
const rightsText = (row: PermissionRow | null) =>
  GRID_FLAGS.filter((f) => row?.[f.column] === 1)
    .map((f) => f.label)
    .join(", ") || "None";

/** The bulk call the form asks for, or why it cannot be asked yet. */
function bodyOf(
  kind: Kind,
  from: Row | undefined,
  page: PageId | null,
  flags: Flags,
  to: number[],
): BulkPermissionsBody | string {
  if (to.length === 0) return "Add the employees it is for.";
  if (kind === "copy") {
    if (!from) return "Choose whose permissions to copy.";
    if (to.includes(Number(from.empID))) return `Take ${String(from.empName)} out of Copy to: they are copied from.`;
    return { kind, from: Number(from.empID), to, apply: false };
  }
  return page === null ? "Choose the page." : { kind, page: { permissionPageID: page, ...flags }, to, apply: false };
}

/** Adds the active employees of a department to those chosen. */
function DepartmentAdder({ onAdd }: { onAdd: (ids: number[]) => void }) {
  const { data } = useQuery(referenceRowsQuery(DEPARTMENTS));
  const [adding, setAdding] = useState(false);
  const add = async (department: string | null) => {
    if (!department) return;
    setAdding(true);
    const w = whereBuilder();
    const where = printAll([w.eq("empDepartment", Number(department)), w.eq(ACTIVE_EMPLOYEE.activeColumn ?? "", 1)]);
    try {
      const found = await queryRows<Row>({
        table: ACTIVE_EMPLOYEE.table,
        fields: "empID",
        where,
        rowLimit: BULK_PERMISSION_TARGETS,
      });
      onAdd(found.data.map((row) => Number(row.empID)));
    } catch (error) {
      // As every read of the app: a failure is said (the error page, or a toast for a 500).
      reportFailure(error);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Select
      aria-label="Add a department's employees"
      placeholder="Add a department"
      w={280}
      data={(data?.data ?? []).map((row) => ({ value: String(row.appLookupID), label: String(row.appLookupValue) }))}
      value={null}
      onChange={(value) => void add(value)}
      disabled={adding}
      searchable
    />
  );
}

/** What a preview or an apply changes, employee by employee: each page's rights before and after. */
function ChangesTable({ answer }: { answer: BulkPermissionsAnswer }) {
  const changed = answer.employees.filter((employee) => employee.changes.length > 0);
  const unchanged = answer.employees.length - changed.length;
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        {`${answer.applied ? "Applied: " : ""}${counted(answer.count, "page change")} for ${counted(changed.length, "employee")}.`}
        {unchanged > 0
          ? ` ${counted(unchanged, "employee")} already ${unchanged === 1 ? "has" : "have"} these permissions.`
          : ""}
      </Text>
      {changed.length > 0 ? (
        <Table.ScrollContainer minWidth={520} mah={420}>
          <Table
            fz="sm"
            withTableBorder
            striped
            stickyHeader
            aria-label={answer.applied ? "Changes made" : "Changes to make"}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changed.flatMap((employee) =>
                employee.changes.map((change, i) => (
                  <Table.Tr key={`${employee.empID}-${change.permissionPageID}`}>
                    <Table.Td fw={i === 0 ? 600 : undefined}>{i === 0 ? employee.empName : ""}</Table.Td>
                    <Table.Td>{`${PAGE_TITLES[change.permissionPageID as PageId] ?? "Page"} (${change.permissionPageID})`}</Table.Td>
                    <Table.Td>{rightsText(change.before)}</Table.Td>
                    <Table.Td>{rightsText(change.after)}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

/**
 * Bulk permissions (page 40): one employee's permissions copied to others, or one page's rights
 * set for many, previewed first: nothing changes until the preview's changes are applied, all
 * of them at once or none.
 */
export function BulkPermissions() {
  const [kind, setKind] = useState<Kind>("copy");
  const [from, setFrom] = useState<Row | undefined>(undefined);
  const [page, setPage] = useState<PageId | null>(null);
  const [flags, setFlags] = useState<Flags>({ ...NO_FLAGS, permissionView: 1 });
  const [to, setTo] = useState<number[]>([]);
  const [shown, setShown] = useState<{ key: string; answer: BulkPermissionsAnswer } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const body = bodyOf(kind, from, page, flags, to);
  const key = JSON.stringify(body);
  // A preview holds only for the form it was asked for.
  const answer = shown?.key === key ? shown.answer : null;
  const failed = (error: Error) => setRefusal(error instanceof ApiError ? error.message : "It could not be done.");
  const preview = useChange(
    (input: BulkPermissionsBody) => call(op, input),
    () => [],
    {
      onDone: (result) => {
        setRefusal(null);
        setShown({ key, answer: result });
      },
      onFailed: failed,
    },
  );
  const apply = useOperation(op, {
    done: () => TOASTS.updated,
    onDone: (result) => {
      setRefusal(null);
      setShown({ key, answer: result });
    },
    onFailed: failed,
  });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" maw={900}>
        <Text size="sm" c="dimmed">
          Change many employees' permissions at once. Preview shows every page that would change; nothing changes until
          you apply it.
        </Text>
        <SegmentedControl
          aria-label="What to change"
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          data={[
            { value: "copy", label: "Copy permissions" },
            { value: "page", label: "Set one page" },
          ]}
          style={{ alignSelf: "flex-start" }}
        />
        {kind === "copy" ? (
          <EmployeeTypeahead label="Copy from" value={from} onChange={setFrom} width={320} />
        ) : (
          <Group align="flex-end" gap="md">
            <Select
              label="Page"
              data={PAGES}
              value={page === null ? null : String(page)}
              onChange={(value) => setPage(value === null ? null : (Number(value) as PageId))}
              searchable
              w={280}
            />
            <Checkbox.Group label="Rights on it" description="None takes the page away">
              <Group gap="md" mt={6}>
                {GRID_FLAGS.map((f) => (
                  <Checkbox
                    key={f.flag}
                    label={f.label}
                    checked={flags[f.column] === 1}
                    onChange={(event) => setFlags({ ...flags, [f.column]: event.currentTarget.checked ? 1 : 0 })}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          </Group>
        )}
        <EmployeesField
          label={kind === "copy" ? "Copy to" : "For"}
          addLabel="Add an employee"
          value={to}
          onChange={setTo}
          extra={
            <DepartmentAdder
              onAdd={(ids) => setTo([...to, ...ids.filter((id) => !to.includes(id))].slice(0, BULK_PERMISSION_TARGETS))}
            />
          }
        />
        {typeof body === "string" ? (
          <Text size="sm" c="dimmed">
            {body}
          </Text>
        ) : null}
        {refusal ? (
          <Alert color="red" role="alert" title="Not done">
            {refusal}
          </Alert>
        ) : null}
        <Group>
          <Button
            variant="default"
            disabled={typeof body === "string"}
            loading={preview.isPending}
            onClick={() => typeof body !== "string" && preview.mutate(body)}
          >
            Preview
          </Button>
          {answer && !answer.applied && answer.count > 0 && typeof body !== "string" ? (
            <Button loading={apply.isPending} onClick={() => apply.mutate({ ...body, apply: true })}>
              {`Apply ${counted(answer.count, "change")}`}
            </Button>
          ) : null}
        </Group>
        {answer ? <ChangesTable answer={answer} /> : null}
      </Stack>
    </Paper>
  );
}
