import { vwProjectNoteSearch } from "@office/core";
import { useAccess } from "../../services/access";
import { BoardItem } from "./BoardItem";
import { ProjectStatus } from "./ProjectStatus";
import { ProjectTimeNotes } from "./ProjectTimeNotes";

/**
 * What a project's page shows under its form: its status, its item on the company's board (where
 * the board service is set), and the time logged on it for those who may see notes.
 */
export function ProjectPanel({ id }: { id: number }) {
  const mayViewNotes = useAccess().mayView(vwProjectNoteSearch);
  return (
    <>
      <ProjectStatus projectID={id} />
      <BoardItem projectID={id} />
      {mayViewNotes ? <ProjectTimeNotes projectID={id} /> : null}
    </>
  );
}
