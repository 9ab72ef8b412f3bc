import { Button, Skeleton, Stack, Table, Text } from "@mantine/core";

const SKELETON_ROWS = [0, 1, 2, 3, 4, 5];

/**
 * Grey rows where the first answer's rows will be: the page keeps its shape while it loads. On
 * a phone, grey cards: a name and two facts beneath, as the rows will read.
 */
export function SkeletonRows({ columns, cards }: { columns: number; cards: boolean }) {
  const cells = Array.from({ length: cards ? 1 : columns }, (_, i) => i);
  const bar = (row: number, cell: number) => (
    <Skeleton height={12} radius="sm" width={`${60 + ((row * 7 + cell * 13) % 35)}%`} />
  );
  return (
    <Table.Tbody aria-hidden="true">
      {SKELETON_ROWS.map((row) => (
        <Table.Tr key={row}>
          {cells.map((cell) => (
            <Table.Td key={cell}>
              {cards ? (
                <Stack gap={6} py={4}>
                  {bar(row, 0)}
                  {bar(row, 1)}
                  {bar(row, 2)}
                </Stack>
              ) : (
                bar(row, cell)
              )}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** What an empty answer says: a search that found nothing, with the way back, or no records at all. */
export function NoRows({ term, onClear }: { term: string; onClear: () => void }) {
  return (
    <Stack align="center" gap={6} py="lg">
      {term ? (
        <>
          <Text fw={500}>No results for “{term}”</Text>
          <Button variant="default" size="xs" onClick={onClear}>
            Clear search
          </Button>
        </>
      ) : (
        <Text c="dimmed">No records yet.</Text>
      )}
    </Stack>
  );
}
