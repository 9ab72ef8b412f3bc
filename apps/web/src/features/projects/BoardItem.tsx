import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { BOARD_NO_ITEM, boardQueryText, type BoardItem as Item, OPERATIONS } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../api/client";
import { call } from "../../api/operations";
import { readKey } from "../../services/query-keys";
import { appConfigQuery } from "../../services/session";

type Found = { item: Item } | { missing: string } | { failed: string };

/**
 * The project's item on the company's board (spec 7; issue 36), for a company that set the
 * board service: found by the project's ID as its name. No item, or the service failing, is
 * said here in the section's words; the rest of the page is not the board's to break.
 */
export function BoardItem({ projectID }: { projectID: number }) {
  const { data: config } = useQuery(appConfigQuery);
  const boardID = config?.boardID ?? null;
  const found = useQuery({
    queryKey: readKey(OPERATIONS.boardQuery.reads, OPERATIONS.boardQuery.path, boardID, projectID),
    enabled: boardID !== null,
    staleTime: 60_000,
    queryFn: async (): Promise<Found> => {
      try {
        const answer = await call(OPERATIONS.boardQuery, {
          query: boardQueryText({ kind: "find", boardID: boardID as string, name: String(projectID) }),
        });
        const item = answer.data.items_page_by_column_values?.items[0];
        return item ? { item } : { missing: BOARD_NO_ITEM };
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return { missing: error.message };
        if (error instanceof ApiError && error.statusCode !== 401) return { failed: error.message };
        throw error;
      }
    },
  });
  if (boardID === null) return null;
  const result = found.data;
  return (
    <Stack gap="xs" component="section" aria-label="Board item">
      <Title order={2} size="h4">
        Board item
      </Title>
      {found.isPending ? <Skeleton height={40} role="status" aria-label="Loading the board item" /> : null}
      {result && "missing" in result ? <Text size="sm">{result.missing}</Text> : null}
      {result && "failed" in result ? (
        <Alert color="orange" title="The board service could not answer">
          {result.failed}
        </Alert>
      ) : null}
      {result && "item" in result ? (
        <Group gap="lg" align="flex-start">
          <Text size="sm" fw={500}>
            {result.item.url ? (
              <Anchor href={result.item.url} target="_blank" rel="noopener noreferrer">
                {result.item.name}
              </Anchor>
            ) : (
              result.item.name
            )}
          </Text>
          {result.item.column_values
            .filter((column) => column.text)
            .map((column) => (
              <Text key={column.id} size="sm">
                <Text span fw={500} size="sm">
                  {column.id}:{" "}
                </Text>
                {column.text}
              </Text>
            ))}
        </Group>
      ) : null}
    </Stack>
  );
}
