import { CloseButton, Group, Input, Pill, Stack } from "@mantine/core";
import { ACTIVE_EMPLOYEE, printWhere, whereBuilder } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { rowsQuery } from "../../services/rows-query";
import { searchWhere } from "../../widgets/form/reference-rows";
import { type Row, Typeahead } from "../../widgets/Typeahead";

interface AttendeesFieldProps {
  value: readonly number[];
  onChange: (attendees: number[]) => void;
  error?: string | undefined;
  readOnly?: boolean;
}

/** The names of the employees chosen, read for the ids the event has. */
function useNames(ids: readonly number[]) {
  const where = ids.length === 0 ? "" : printWhere(whereBuilder().in("empID", [...ids]));
  const { data = [] } = useQuery({
    ...rowsQuery<Row>({ table: ACTIVE_EMPLOYEE.table, fields: "empID,empName", where, rowLimit: ids.length }),
    enabled: ids.length > 0,
  });
  return new Map(data.map((row) => [Number(row.empID), String(row.empName)]));
}

/**
 * An event's attendees: each a pill that can be taken off, and a box that finds an active
 * employee by name to add (searched on the server, so a company of thousands finds anyone).
 */
export function AttendeesField({ value, onChange, error, readOnly }: AttendeesFieldProps) {
  const names = useNames(value);
  const nameOf = (id: number) => names.get(id) ?? `Employee ${id}`;
  return (
    <Input.Wrapper label="Attendees" error={error}>
      <Stack gap={6}>
        {value.length > 0 ? (
          <Group gap={6} role="list" aria-label="Attendees chosen">
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
          <Typeahead
            label="Add an attendee"
            placeholder="Add an attendee by name"
            table={ACTIVE_EMPLOYEE.table}
            fields="empID,empName,empActive"
            order="empName"
            whereFor={(term) => searchWhere(ACTIVE_EMPLOYEE, undefined, term)}
            browse
            valueFor={(row) => String(row.empID)}
            labelFor={(row) => String(row.empName)}
            value={null}
            clearOnChoose
            onChange={(id) => {
              if (id && !value.includes(Number(id))) onChange([...value, Number(id)]);
            }}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
