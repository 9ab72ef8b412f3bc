import { Loader, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { DROPDOWN_DEBOUNCE_MS, PROJECT_DROPDOWN_ROW_LIMIT, projectSearchWhere } from "@office/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { queryRows } from "../api/client";

interface ProjectHit {
  projectID: number;
  projectName: string;
  projectFirstSourceNumber: string | null;
  projectSecondSourceNumber: string | null;
}

const label = (p: ProjectHit) =>
  [p.projectID, p.projectName, p.projectFirstSourceNumber, p.projectSecondSourceNumber].filter(Boolean).join(" · ");

/**
 * The header's project search (spec 2.5): after a 500 ms pause, up to 50 open projects whose
 * id, name or source numbers match; choosing one opens it.
 */
export function ProjectSearch({ width = 280 }: { width?: number | string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search.trim(), DROPDOWN_DEBOUNCE_MS);
  const { data, isFetching } = useQuery({
    queryKey: ["vwProjectSearch", "list", { term }],
    queryFn: () =>
      queryRows<ProjectHit>({
        table: "vwProjectSearch",
        fields: "projectID,projectName,projectFirstSourceNumber,projectSecondSourceNumber",
        where: projectSearchWhere(term),
        order: "projectID DESC",
        rowLimit: PROJECT_DROPDOWN_ROW_LIMIT,
      }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const options = term ? (data?.data ?? []).map((p) => ({ value: String(p.projectID), label: label(p) })) : [];

  return (
    <Select
      aria-label="Project search"
      placeholder="Search projects"
      searchable
      clearable={false}
      w={width}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      filter={({ options: all }) => all}
      nothingFoundMessage={term && data && !isFetching ? "No open project matches" : undefined}
      maxDropdownHeight="13em"
      rightSection={isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      onChange={(id) => {
        if (!id) return;
        setSearch("");
        navigate(`/project/de?id=${id}`);
      }}
      comboboxProps={{ width: 420, position: "bottom-start" }}
    />
  );
}
