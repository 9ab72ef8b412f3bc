import { Button, Group, SimpleGrid, Stack } from "@mantine/core";
import { type Area, criteriaWhere, printWhere, searchableColumns } from "@office/core";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { tableColumns } from "../../widgets/table/columns";
import { SearchableTable } from "../../widgets/table/SearchableTable";
import { CriterionInput } from "./CriterionInput";

type Values = Record<string, string>;
const storageKey = (area: Area) => `office.search.${area.allPath}`;

/**
 * An area's advanced search (/employee, /client, /vendor): every filled box must match. The
 * search is the page's address (?name=…), so it can be linked, reloaded and gone back to; the
 * last one is kept for the session and comes back when the page is opened bare.
 */
export function AreaSearchPage({ area }: { area: Area }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = useMemo(
    () => Object.fromEntries(area.criteria.map((c) => [c.name, params.get(c.name) ?? ""])) as Values,
    [area, params],
  );
  const [draft, setDraft] = useState<Values>(applied);
  useEffect(() => setDraft(applied), [applied]);
  useEffect(() => {
    const remembered = sessionStorage.getItem(storageKey(area));
    if (params.size === 0 && remembered) setParams(new URLSearchParams(remembered), { replace: true });
  }, [area, params, setParams]);

  const where = useMemo(() => {
    const condition = criteriaWhere(area.criteria, area.list, applied);
    return condition ? printWhere(condition) : "";
  }, [area, applied]);
  const columns = useMemo(() => tableColumns(area.list, area.listColumns), [area]);
  const search = useMemo(() => searchableColumns(area.list), [area]);

  const apply = (values: Values) => {
    const next = new URLSearchParams(Object.entries(values).filter(([, v]) => v.trim() !== ""));
    if (next.size > 0) sessionStorage.setItem(storageKey(area), next.toString());
    else sessionStorage.removeItem(storageKey(area));
    setParams(next);
  };

  return (
    <Stack p="md" gap="sm">
      <form
        aria-label={`Search ${area.listTitle.toLowerCase()}`}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {area.criteria.map((criterion) => (
            <CriterionInput
              key={criterion.name}
              criterion={criterion}
              column={area.list.columns[criterion.columns[0] ?? ""]}
              value={draft[criterion.name] ?? ""}
              onChange={(value) => setDraft((d) => ({ ...d, [criterion.name]: value }))}
            />
          ))}
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit">Search</Button>
          <Button variant="default" onClick={() => apply({})}>
            Clear
          </Button>
        </Group>
      </form>
      <SearchableTable
        label={`${area.listTitle} found`}
        table={area.list.name}
        columns={columns}
        searchColumns={search}
        where={where}
        order={area.order}
        onRowOpen={(row) => navigate(`${area.recordPath}?id=${row[area.resource.key]}`)}
      />
    </Stack>
  );
}
