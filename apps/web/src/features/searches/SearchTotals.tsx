import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { Resource, SearchPage } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { TotalsTable, type TotalsWords } from "./TotalsTable";
import { totalsQuery } from "./totals-query";

interface SearchTotalsProps {
  /** The list totalled, and its groupings shown (a search page's, or a page's own). */
  list: Resource;
  totals: SearchPage["totals"];
  /** The where of the page's boxes (not of the table's own search box). */
  where: string;
  words: TotalsWords;
}

/** A search page's totals: the grand total of what its boxes found, and a table for each grouping. */
export function SearchTotals({ list, totals, where, words }: SearchTotalsProps) {
  const first = totals[0];
  // Every grouping answers the same grand total; the first's is read (the same call its table makes).
  const { data, isError } = useQuery({
    ...totalsQuery(list, first?.by ?? "", where, first?.order),
    enabled: first !== undefined,
  });
  if (!first) return null;
  return (
    <Stack component="section" aria-label="Totals" gap="sm">
      <Text fw={600} aria-live="polite">{`Total: ${data ? words.format(data.meta.total) : isError ? "—" : "…"}`}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {totals.map(({ by, title, order }) => (
          <TotalsTable key={by} list={list} by={by} title={title} where={where} words={words} order={order} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
