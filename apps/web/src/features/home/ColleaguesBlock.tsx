import { Anchor, Table, Text, VisuallyHidden } from "@mantine/core";
import { departmentCounts, departmentGroups } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { userQuery } from "../../services/session";
import { availabilityQuery } from "../availability/availability-query";
import { showDepartment } from "../availability/show-department";
import { HomeBlock } from "./HomeBlock";

const STATES = ["In", "Break", "Out"] as const;

/**
 * Colleagues In, on Break and Out by department, as counts: the avatar panel's list (read once
 * by the shell, kept current by the live stream), the user's own department first. A
 * department's name opens the avatar's panel on it.
 */
export function ColleaguesBlock() {
  const people = useQuery(availabilityQuery);
  const { data: user } = useQuery(userQuery);
  const rows = useMemo(
    () => (people.data ? departmentCounts(departmentGroups(people.data, user?.empDepartment)) : undefined),
    [people.data, user?.empDepartment],
  );
  const anyWithout = rows?.some((row) => row.none > 0);
  return (
    <HomeBlock
      title="Colleagues"
      reads={[people]}
      empty={rows?.length === 0 ? <Text size="sm">No colleague is listed yet.</Text> : undefined}
    >
      <Table fz="sm" verticalSpacing={4} aria-label="Colleagues by department">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Department</Table.Th>
            {STATES.map((state) => (
              <Table.Th key={state} scope="col" ta="right">
                {state}
              </Table.Th>
            ))}
            {anyWithout ? (
              <Table.Th scope="col" ta="right">
                <span aria-hidden="true">—</span>
                <VisuallyHidden>No status</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.map((row) => (
            <Table.Tr key={String(row.department)}>
              <Table.Th scope="row" fw={row.own ? 700 : 400}>
                {/* Who they are, with each one's status and time: the avatar's panel on this department. */}
                <Anchor
                  component="button"
                  type="button"
                  fz="sm"
                  fw="inherit"
                  // A button centres its words; a name that wraps on a phone stays under its first line.
                  ta="left"
                  onClick={() => showDepartment(row.department)}
                >
                  {row.name}
                </Anchor>
              </Table.Th>
              {STATES.map((state) => (
                <Table.Td key={state} ta="right" ff="monospace">
                  {row[state]}
                </Table.Td>
              ))}
              {anyWithout ? (
                <Table.Td ta="right" ff="monospace">
                  {row.none}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </HomeBlock>
  );
}
