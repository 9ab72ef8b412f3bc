import { ActionIcon, Anchor, Group, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  FILE_KIND_COLOURS,
  type FileKind,
  fileKindOf,
  formatDateTimeIn,
  formatFileSize,
  RECORD_OPERATIONS as op,
  shownInBrowser,
  TOASTS,
  type UploadedFile,
} from "@office/core";
import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconPhoto,
  IconTrash,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { call } from "../../api/operations";
import { operationQuery, useOperation } from "../../services/operations";
import { appConfigQuery } from "../../services/session";
import { showToast } from "../../services/toast";
import { ConfirmDelete } from "../ConfirmDelete";
import { AttachButton } from "./AttachButton";

const KIND_ICONS: Record<FileKind, typeof IconFile> = {
  pdf: IconFileTypePdf,
  image: IconPhoto,
  spreadsheet: IconFileSpreadsheet,
  document: IconFileTypeDocx,
  text: IconFileText,
  other: IconFile,
};

/** The types an upload may be (the server checks each against its content). */
const ACCEPTED = ".pdf,.png,.jpg,.jpeg,.gif,.webp,.xlsx,.docx,.txt,.csv";

const why = (error: unknown, otherwise: string) => (error instanceof ApiError ? error.message : otherwise);

/**
 * Opens a file: one the browser shows (a PDF, a picture, a text) in a new tab, opened at the
 * click so that no pop-up blocker stops it; any other is saved under its name.
 */
async function openFile(file: UploadedFile): Promise<void> {
  const tab = shownInBrowser(fileKindOf(file.fileName)) ? window.open("", "_blank") : null;
  if (tab) tab.opener = null;
  try {
    const url = URL.createObjectURL(await call(op.fileBytes, { uploadID: file.uploadID }));
    if (tab) tab.location.href = url;
    else {
      const link = document.createElement("a");
      link.href = url;
      link.download = file.fileName;
      link.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    showToast(TOASTS.fileFailed(why(error, `${file.fileName} could not be opened.`)));
  }
}

function FileRow({ file, timeZone, onRemove }: { file: UploadedFile; timeZone: string; onRemove?: () => void }) {
  const kind = fileKindOf(file.fileName);
  const Icon = KIND_ICONS[kind];
  const added = formatDateTimeIn(file.createdTS, timeZone) ?? file.createdTS;
  return (
    <Group component="li" wrap="nowrap" gap="sm" justify="space-between">
      <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
        <ThemeIcon variant="light" color={FILE_KIND_COLOURS[kind]} size="lg" aria-hidden="true">
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component="button" type="button" onClick={() => void openFile(file)} truncate="end" ta="left">
            {file.fileName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)} · added by {file.addedBy ?? "the system"} on {added}
          </Text>
        </Stack>
      </Group>
      {onRemove ? (
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${file.fileName}`} onClick={onRemove}>
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/**
 * A record's files (docs/decisions.md "Attachments"): each with its kind's icon and colour,
 * its size, who added it and when (in the company's time zone); a click opens it. Whoever may
 * change the record attaches a file and removes one (the audit trail keeps it for restore).
 */
export function Attachments({ table, recordKey, canChange }: { table: string; recordKey: number; canChange: boolean }) {
  const files = useQuery({
    ...operationQuery(op.recordFiles, { table, key: String(recordKey) }),
    select: (answer) => answer.data,
  });
  const timeZone = useQuery(appConfigQuery).data?.timeZone ?? "UTC";
  const [removing, setRemoving] = useState<UploadedFile | null>(null);
  const nameOf = (uploadID: string) => files.data?.find((f) => f.uploadID === uploadID)?.fileName ?? "The file";
  // After either, the record's files and the lists that show whether a record has one (a
  // charge's receipt) are read again: both change "upload".
  const attach = useOperation(op.attachFile, {
    done: (_, { file }) => TOASTS.fileAttached(file.name),
    failed: (reason) => TOASTS.fileFailed(reason),
  });
  const remove = useOperation(op.removeFile, {
    done: (_, { uploadID }) => TOASTS.fileRemoved(nameOf(uploadID)),
    failed: (reason) => TOASTS.fileFailed(reason),
    onDone: () => setRemoving(null),
  });

  return (
    <Stack gap="xs" component="section" aria-label="Files">
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h5">
          Files
        </Title>
        {canChange ? (
          <AttachButton
            label="Attach a file"
            accept={ACCEPTED}
            busy={attach.isPending}
            onFile={(file) => attach.mutate({ table, key: String(recordKey), file })}
          />
        ) : null}
      </Group>
      {files.isPending ? (
        <Group gap="xs">
          <Loader size="xs" role="status" aria-label="Loading" />
          <Text size="sm" c="dimmed">
            Loading the files…
          </Text>
        </Group>
      ) : files.isError ? (
        <Text size="sm" c="red">
          The files could not be read.
        </Text>
      ) : files.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files yet.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Files">
          {files.data.map((file) => (
            <FileRow
              key={file.uploadID}
              file={file}
              timeZone={timeZone}
              {...(canChange ? { onRemove: () => setRemoving(file) } : {})}
            />
          ))}
        </Stack>
      )}
      <ConfirmDelete
        opened={removing !== null}
        noun="file"
        name={removing?.fileName}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ uploadID: removing.uploadID })}
      />
    </Stack>
  );
}
