import type { Area } from "@office/core";
import { useMemo } from "react";
import { useAccess } from "../services/access";
import { CriteriaSearchPage } from "../widgets/search/CriteriaSearchPage";
import { type BulkAction, rowTitleColumn } from "./bulk-actions";

/**
 * An area's advanced search (/project, /employee, /client, /vendor): every filled box must
 * match; a row opens the record's page. Rows can be chosen together for the actions the area
 * adds (`bulk`) that the user's rights allow.
 */
export function AreaSearchPage({ area, bulk = [] }: { area: Area; bulk?: readonly BulkAction[] }) {
  const access = useAccess();
  const allowed = useMemo(() => bulk.filter((action) => access.rights(action.resource)[action.flag]), [bulk, access]);
  const chosen = useMemo(
    () =>
      allowed.length > 0
        ? {
            key: area.resource.key,
            title: rowTitleColumn(area),
            actions: (rows: Record<string, unknown>[], done: () => void) =>
              allowed.map(({ Action }, i) => <Action key={String(i)} rows={rows} done={done} />),
          }
        : undefined,
    [area, allowed],
  );
  return (
    <CriteriaSearchPage
      path={area.searchPath ?? area.listPath}
      criteria={area.criteria}
      list={area.list}
      columns={area.listColumns}
      order={area.order}
      formLabel={`Search ${area.listTitle.toLowerCase()}`}
      tableLabel={`${area.listTitle} found`}
      opens={area.recordPath ? { path: area.recordPath, key: area.resource.key } : undefined}
      bulk={chosen}
    />
  );
}
