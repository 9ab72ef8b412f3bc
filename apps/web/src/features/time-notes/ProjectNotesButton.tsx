import { ActionIcon, Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconNotes } from "@tabler/icons-react";
import { ProjectNotesDialog } from "./ProjectNotesDialog";

/** The header's Project Notes button (spec 2.2) and its dialog; an icon alone in the compact header. */
export function ProjectNotesButton({ compact = false }: { compact?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      {compact ? (
        <ActionIcon variant="subtle" size="lg" aria-label="Project Notes" onClick={open}>
          <IconNotes size={20} aria-hidden="true" />
        </ActionIcon>
      ) : (
        <Button variant="outline" size="sm" leftSection={<IconNotes size={16} aria-hidden="true" />} onClick={open}>
          Project Notes
        </Button>
      )}
      <ProjectNotesDialog opened={opened} onClose={close} />
    </>
  );
}
