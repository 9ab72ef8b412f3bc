import { Anchor, Table, Text } from "@mantine/core";
import { formatDateTime, type HoursTable as Hours, type LoggedNote } from "@office/core";

interface HoursTableProps {
  caption: string;
  hours: Hours | undefined;
  /** Whether the Logged column shows the date too (the week's table), or the time alone. */
  withDate: boolean;
  /** A phone's panel: smaller type and tighter cells, so the five columns fit its width. */
  compact?: boolean;
  /** A row's project opens its note (to correct or remove it). */
  onOpen?: (note: LoggedNote) => void;
}

/** One of the header's hours tables: index, project (opening its note), note, HH:mm, logged; and the total. */
export function HoursTable({ caption, hours, withDate, compact = false, onOpen }: HoursTableProps) {
  // The date and the time each stay whole; between them the line may break, on a phone's panel.
  const logged = (at: string) => {
    const text = formatDateTime(at) ?? at;
    const time = <span style={{ whiteSpace: "nowrap" }}>{text.slice(11)}</span>;
    if (!withDate) return time;
    return (
      <>
        <span style={{ whiteSpace: "nowrap" }}>{text.slice(0, 10)}</span> {time}
      </>
    );
  };
  return (
    <Table fz={compact ? "xs" : "sm"} verticalSpacing={2} horizontalSpacing={compact ? 4 : "xs"} captionSide="top">
      <Table.Caption style={{ textAlign: "left", fontWeight: 600, color: "var(--mantine-color-text)" }}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Project</Table.Th>
          <Table.Th>Note</Table.Th>
          <Table.Th>HH:mm</Table.Th>
          <Table.Th>Logged</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {hours?.rows.map((row) => (
          <Table.Tr key={row.projectNotesID}>
            <Table.Td>{row.index}</Table.Td>
            <Table.Td>
              {onOpen ? (
                <Anchor
                  component="button"
                  type="button"
                  fz="inherit"
                  ta="left"
                  aria-label={`Open the note: ${row.HHmm} on ${row.projectName}`}
                  onClick={() => onOpen(row.note)}
                >
                  {row.projectName}
                </Anchor>
              ) : (
                row.projectName
              )}
            </Table.Td>
            <Table.Td maw={220} style={{ overflowWrap: "break-word" }}>
              {row.ProjectNotesDesc}
            </Table.Td>
            <Table.Td ff="monospace">{row.HHmm}</Table.Td>
            <Table.Td>{logged(row.createdTS)}</Table.Td>
          </Table.Tr>
        ))}
        {hours && hours.rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text size="sm" c="dimmed">
                Nothing logged
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3} scope="row">
            Total
          </Table.Th>
          <Table.Td ff="monospace" fw={600}>
            {hours?.total ?? "…"}
          </Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
