import { ActionIcon, Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { PROJECTS } from "@office/core";
import { IconClockPlus, IconNotes } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useChunkComponent } from "../../services/chunk-component";
import { onProjectNotesRequest } from "../../services/project-notes-request";
import { openProjectQuery } from "../../widgets/project-query";
import type { Row } from "../../widgets/Typeahead";

// The dialog and its form widgets (the date field among them) load when first wanted, not with
// every page: the pointer reaching the button starts it, so it is there by the click.
const loadDialog = async () => (await import("./ProjectNotesDialog")).ProjectNotesDialog;

/** The project whose page is open, by its id in the address. */
function useProjectOnScreen(): number | undefined {
  const { pathname, search } = useLocation();
  const id = new URLSearchParams(search).get("id");
  return pathname === PROJECTS.recordPath && id && /^\d{1,9}$/.test(id) ? Number(id) : undefined;
}

/**
 * The header's Project Notes button and its dialog; an icon alone in the compact header. On an
 * open project's page the dialog starts with that project: it is read before the dialog opens
 * (while the pointer reaches the button), so the focus can go to the first empty field at once.
 * A row's Log time button (`project`) is the same button and dialog, starting with that project.
 */
export function ProjectNotesButton({
  compact = false,
  label = "Project Notes",
  listens = false,
  project: chosen,
}: {
  compact?: boolean;
  /** The full button's words, where it is not the header's (Home's "Log time"). */
  label?: string;
  /** The header's button also opens on a request from elsewhere (the command palette). */
  listens?: boolean;
  /** A row's Log time button (Home's recent projects): the dialog starts with this project. */
  project?: { projectID: number; projectName: string };
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const ProjectNotesDialog = useChunkComponent(loadDialog, wanted);
  const [project, setProject] = useState<Row | undefined>(undefined);
  const queryClient = useQueryClient();
  const onScreen = useProjectOnScreen();
  const here = chosen?.projectID ?? onScreen;
  const projectHere = () =>
    here === undefined ? Promise.resolve(null) : queryClient.fetchQuery(openProjectQuery(here)).catch(() => null);
  const prepare = () => {
    void loadDialog();
    void projectHere();
  };
  const show = async () => {
    setProject((await projectHere()) ?? undefined);
    setWanted(true);
    open();
  };
  const trigger = { onClick: show, onMouseEnter: prepare, onFocus: prepare };
  const onRequest = useRef(show);
  onRequest.current = show;
  useEffect(() => (listens ? onProjectNotesRequest(() => void onRequest.current()) : undefined), [listens]);
  return (
    <>
      {chosen ? (
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconClockPlus size={14} aria-hidden="true" />}
          aria-label={`Log time on ${chosen.projectName}`}
          style={{ flexShrink: 0 }}
          {...trigger}
        >
          Log time
        </Button>
      ) : compact ? (
        <ActionIcon variant="subtle" size="lg" aria-label="Project Notes" {...trigger}>
          <IconNotes size={20} aria-hidden="true" />
        </ActionIcon>
      ) : (
        <Button
          variant="outline"
          size="sm"
          leftSection={<IconNotes size={16} aria-hidden="true" />}
          style={{ flexShrink: 0 }}
          {...trigger}
        >
          {label}
        </Button>
      )}
      {ProjectNotesDialog ? <ProjectNotesDialog opened={opened} onClose={close} project={project} /> : null}
    </>
  );
}
