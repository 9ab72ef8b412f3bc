import { TextInput } from "@mantine/core";
import { findRoute, PROJECTS } from "@office/core";
import { useCallback, useState } from "react";
import { useAccess } from "../services/access";
import { useChunkComponent } from "../services/chunk-component";
import { useLoadWhenSettled } from "../services/load-when-settled";

export const PROJECT_SEARCH_LABEL = "Project search";
export const PROJECT_SEARCH_PLACEHOLDER = "Search projects";

// The search's dropdown (Mantine's Select and Combobox, 15 KB gzipped) is no part of the first
// paint: a plain box stands in for it until the page has settled or the box is wanted.
const loadProjectSearch = async () => (await import("./ProjectSearch")).ProjectSearch;

/**
 * Whether the project search and Quick Launch are offered: to a user who may open a project
 * (view on page 3); for anyone else each would only lead to forbidden.
 */
export function useMayOpenProjects(): boolean {
  const access = useAccess();
  const route = findRoute(PROJECTS.recordPath ?? "");
  return route !== undefined && access.route(route, "?id=1");
}

/**
 * The header's project search (ProjectSearch.tsx), loaded when the page has settled or when the
 * pointer or the focus reaches its stand-in. What is typed into the stand-in meanwhile is kept:
 * the search starts with it, focused, as if it had been there all along.
 */
export function DeferredProjectSearch({ width }: { width: number | string }) {
  const [wanted, setWanted] = useState(false);
  const [typed, setTyped] = useState("");
  const [focused, setFocused] = useState(false);
  useLoadWhenSettled(useCallback(async () => setWanted(true), []));
  const ProjectSearch = useChunkComponent(loadProjectSearch, wanted);
  if (ProjectSearch) return <ProjectSearch width={width} initialTerm={typed} focused={focused} />;
  return (
    <TextInput
      aria-label={PROJECT_SEARCH_LABEL}
      placeholder={PROJECT_SEARCH_PLACEHOLDER}
      w={width}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => {
        setFocused(true);
        setWanted(true);
      }}
      onBlur={() => setFocused(false)}
    />
  );
}
