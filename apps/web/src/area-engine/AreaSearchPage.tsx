import type { Area } from "@office/core";
import { CriteriaSearchPage } from "../widgets/search/CriteriaSearchPage";

/**
 * An area's advanced search (/project, /employee, /client, /vendor): every filled box must
 * match; a row opens the record's page.
 */
export function AreaSearchPage({ area }: { area: Area }) {
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
    />
  );
}
