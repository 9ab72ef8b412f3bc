import { ActionIcon, Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconNotes } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";

// The dialog and its form widgets (the date field among them) load when first wanted, not with
// every page: the pointer reaching the button starts it, so it is there by the click.
const loadDialog = () => import("./ProjectNotesDialog");
const ProjectNotesDialog = lazy(() => loadDialog().then((m) => ({ default: m.ProjectNotesDialog })));

/** The header's Project Notes button and its dialog; an icon alone in the compact header. */
export function ProjectNotesButton({ compact = false }: { compact?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const prepare = () => void loadDialog();
  const show = () => {
    setWanted(true);
    open();
  };
  const trigger = { onClick: show, onMouseEnter: prepare, onFocus: prepare };
  return (
    <>
      {compact ? (
        <ActionIcon variant="subtle" size="lg" aria-label="Project Notes" {...trigger}>
          <IconNotes size={20} aria-hidden="true" />
        </ActionIcon>
      ) : (
        <Button variant="outline" size="sm" leftSection={<IconNotes size={16} aria-hidden="true" />} {...trigger}>
          Project Notes
        </Button>
      )}
      {wanted ? (
        <Suspense fallback={null}>
          <ProjectNotesDialog opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
