import { findRoute, PROJECTS } from "@office/core";
import { useNavigate } from "react-router";
import { useAccess } from "../services/access";
import { ProjectTypeahead } from "../widgets/ProjectTypeahead";

/**
 * Whether the project search and Quick Launch are offered: to a user who may open a project
 * (view on page 3); for anyone else each would only lead to forbidden.
 */
export function useMayOpenProjects(): boolean {
  const access = useAccess();
  const route = findRoute(PROJECTS.recordPath ?? "");
  return route !== undefined && access.route(route, "?id=1");
}

/** The header's project search: choosing a project opens it, and so does Enter with a project number. */
export function ProjectSearch({ width = 280 }: { width?: number | string }) {
  const navigate = useNavigate();
  const open = (id: number | string) => navigate(`/project/de?id=${id}`);
  return (
    <ProjectTypeahead
      label="Project search"
      placeholder="Search projects"
      value={null}
      clearOnChoose
      onChange={(id) => {
        if (id) open(id);
      }}
      onNumber={open}
      width={width}
    />
  );
}
