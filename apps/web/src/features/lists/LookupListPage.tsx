import { Text } from "@mantine/core";
import { useLocation } from "react-router";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { LookupTable } from "./LookupTable";
import { findList } from "./lookup-list";

/**
 * One of the seven lists of the Lists page (/list/<name>, page 26): what its values are for,
 * and the values, in their order, edited in place by those with the page's rights.
 */
export function LookupListPage() {
  const { pathname } = useLocation();
  const list = findList(pathname);
  if (!list) {
    return (
      <Text p="lg" role="alert">
        There is no such list.
      </Text>
    );
  }
  return (
    <PageFrame gap="sm">
      <PageHeading path={list.path} />
      <Text c="dimmed">{list.purpose}</Text>
      <LookupTable key={list.group} list={list} />
    </PageFrame>
  );
}
