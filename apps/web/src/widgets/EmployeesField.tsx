import { CloseButton, Group, Input, Pill, Stack } from "@mantine/core";
import { ACTIVE_EMPLOYEE, printWhere, whereBuilder } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { rowsQuery } from "../services/rows-query";
import { EmployeeTypeahead } from "./EmployeeTypeahead";
import type { Row } from "./Typeahead";

interface EmployeesFieldProps {
  /** The field's name ("Attendees"); its list of those chosen is "<label> chosen". */
  label: string;
  /** The box that adds one ("Add an attendee"). */
  addLabel: string;
  value: readonly number[];
  onChange: (employees: number[]) => void;
  error?: string | undefined;
  readOnly?: boolean;
  /** Other ways to add several at once, beside the box. */
  extra?: ReactNode;
}

/** The names of the employees chosen, read for their ids. */
function useNames(ids: readonly number[]) {
  const where = ids.length === 0 ? "" : printWhere(whereBuilder().in("empID", [...ids]));
  const { data = [] } = useQuery({
    ...rowsQuery<Row>({ table: ACTIVE_EMPLOYEE.table, fields: "empID,empName", where, rowLimit: ids.length }),
    enabled: ids.length > 0,
  });
  return new Map(data.map((row) => [Number(row.empID), String(row.empName)]));
}

/**
 * Several active employees (an event's attendees, those a bulk change of permissions reaches):
 * each a pill that can be taken off, and a box that finds one by name to add (searched on the
 * server, so a company of thousands finds anyone).
 */
export function EmployeesField({ label, addLabel, value, onChange, error, readOnly, extra }: EmployeesFieldProps) {
  const names = useNames(value);
  const nameOf = (id: number) => names.get(id) ?? `Employee ${id}`;
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap={6}>
        {value.length > 0 ? (
          <Group gap={6} role="list" aria-label={`${label} chosen`} mah={180} style={{ overflowY: "auto" }}>
            {value.map((id) => (
              <Pill key={id} role="listitem" size="md">
                <Group gap={4} wrap="nowrap">
                  {nameOf(id)}
                  {readOnly ? null : (
                    <CloseButton
                      size="xs"
                      aria-label={`Remove ${nameOf(id)}`}
                      onClick={() => onChange(value.filter((other) => other !== id))}
                    />
                  )}
                </Group>
              </Pill>
            ))}
          </Group>
        ) : null}
        {readOnly ? null : (
          <Group gap="xs" align="flex-start" wrap="wrap">
            <EmployeeTypeahead
              label={addLabel}
              adding
              // Alone it spans the field; beside other ways to add, it shares the line.
              width={extra ? 280 : "100%"}
              value={undefined}
              onChange={(row) => {
                const id = Number(row?.empID);
                if (row && !value.includes(id)) onChange([...value, id]);
              }}
            />
            {extra}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
