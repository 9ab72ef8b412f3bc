import { useNavigate } from "react-router";
import { ProjectTypeahead } from "../widgets/ProjectTypeahead";

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
