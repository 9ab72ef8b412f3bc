import { Anchor, Table, Text } from "@mantine/core";
import { LOOKUP_LISTS } from "@office/core";
import { Link } from "react-router";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";

/** Lists (/list, page 26): the seven lists of values the other pages choose from, each with what it is for. */
export function ListsPage() {
  return (
    <PageFrame gap="sm" reading>
      <PageHeading path="/list" />
      <Text c="dimmed">The values the other pages offer to choose from. Open a list to see or change its values.</Text>
      <Table aria-label="Lists" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">List</Table.Th>
            <Table.Th scope="col">What it is for</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {LOOKUP_LISTS.map((list) => (
            <Table.Tr key={list.path}>
              <Table.Td>
                <Anchor component={Link} to={list.path}>
                  {list.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{list.purpose}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PageFrame>
  );
}
