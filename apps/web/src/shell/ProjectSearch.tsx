import { Anchor, Button, Stack, Text } from "@mantine/core";
import { PROJECTS, recordAddress } from "@office/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ProjectTypeahead } from "../widgets/ProjectTypeahead";
import { PROJECT_SEARCH_LABEL, PROJECT_SEARCH_PLACEHOLDER } from "./DeferredProjectSearch";

/** The Project Search with the typed term in its boxes: a project number, or words of a name. */
export function advancedSearchAddress(term: string): string {
  const text = term.trim();
  const box = /^\d{1,10}$/.test(text) ? "id" : "name";
  return text ? `${PROJECTS.searchPath}?${new URLSearchParams({ [box]: text })}` : (PROJECTS.searchPath ?? "");
}

/**
 * The header's project search: choosing a project opens it, and so does Enter with a project
 * number. It offers open projects (spec 2.4); when none matches, "Search closed projects too"
 * searches every project for the same words, and Advanced Search opens Project Search with them.
 */
export function ProjectSearch({
  width = 280,
  initialTerm = "",
  focused = false,
}: {
  width?: number | string;
  /** Typed into the header's stand-in before this box loaded (DeferredProjectSearch). */
  initialTerm?: string;
  focused?: boolean;
}) {
  const navigate = useNavigate();
  const [term, setTerm] = useState(initialTerm);
  const [closedToo, setClosedToo] = useState(false);
  const open = (id: number | string) => navigate(recordAddress(PROJECTS.recordPath ?? "", id));
  const nothing = (
    <Stack gap={6} align="flex-start">
      <Text size="sm">{closedToo ? "No project matches" : "No open project matches"}</Text>
      {closedToo ? null : (
        <Button size="compact-sm" variant="light" onClick={() => setClosedToo(true)}>
          Search closed projects too
        </Button>
      )}
      <Anchor component={Link} to={advancedSearchAddress(term)} size="sm">
        Advanced Search
      </Anchor>
    </Stack>
  );
  return (
    <ProjectTypeahead
      label={PROJECT_SEARCH_LABEL}
      placeholder={PROJECT_SEARCH_PLACEHOLDER}
      value={null}
      clearOnChoose
      closedToo={closedToo}
      nothingFound={nothing}
      onSearchChange={(text) => {
        setTerm(text);
        // A new search starts among open projects again.
        if (!text.trim()) setClosedToo(false);
      }}
      onChange={(id) => {
        if (!id) return;
        setClosedToo(false);
        open(id);
      }}
      onNumber={open}
      width={width}
      initialSearch={initialTerm}
      focused={focused}
    />
  );
}
