import { Button, FileButton } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";

/** A button that picks one file to attach to a record (`accept`: the types offered). */
export function AttachButton({
  label,
  accept,
  busy,
  onFile,
}: {
  label: string;
  accept: string;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <FileButton onChange={(file) => file && onFile(file)} accept={accept}>
      {(props) => (
        <Button
          {...props}
          size="xs"
          variant="default"
          leftSection={<IconPaperclip size={14} aria-hidden="true" />}
          loading={busy}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}
