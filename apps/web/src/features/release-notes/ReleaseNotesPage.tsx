import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { formatUsDate, recordForm, tblReleaseNote } from "@office/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { queryRows } from "../../api/client";
import { useAccess } from "../../services/access";
import { tableKey } from "../../services/query-keys";
import { userQuery } from "../../services/session";
import { PageFrame } from "../../widgets/PageFrame";
import { PageHeading } from "../../widgets/PageHeading";
import { ResourceRecords } from "../../widgets/record/ResourceRecords";
import { useRecordDialog } from "../../widgets/record/useRecordDialog";
import { MarkdownText } from "./MarkdownText";
import { NewBadge } from "./NewBadge";
import { markReleaseNotesRead, NOTE_FIELDS, RELEASE_NOTE_ORDER, type ReleaseNote, useUnread } from "./read-notes";

const FORM = recordForm(tblReleaseNote, [
  "releaseNoteVersion",
  "releaseNoteDate",
  "releaseNoteTitle",
  "releaseNoteBody",
]);
const WORDS = { newLabel: "New release note", recordTitle: "Release note", noun: "release note" };
const PAGE = 20;

/**
 * Release notes (/rn): a dated feed everyone reads, the newest first, each note's Markdown
 * rendered safely; opening it marks the notes shown as read (Home's New). Those who may change
 * notes (administrators, page 40) write and edit them from the feed, or switch to the table of
 * all notes (`?view=table`: search, export).
 */
export function ReleaseNotesPage() {
  const rights = useAccess().rights(tblReleaseNote);
  const [params, setParams] = useSearchParams();
  const table = rights.change && params.get("view") === "table";
  return (
    <PageFrame reading={!table}>
      <PageHeading path="/rn">
        {rights.change ? (
          <SegmentedControl
            aria-label="Show release notes as"
            value={table ? "table" : "feed"}
            onChange={(view) => setParams(view === "table" ? { view } : {}, { replace: true })}
            data={[
              { value: "feed", label: "Feed" },
              { value: "table", label: "Table" },
            ]}
          />
        ) : null}
      </PageHeading>
      {table ? (
        <ResourceRecords
          resource={tblReleaseNote}
          label="Release notes"
          columns={NOTE_FIELDS}
          form={FORM}
          order={RELEASE_NOTE_ORDER}
          {...WORDS}
        />
      ) : (
        <Feed />
      )}
    </PageFrame>
  );
}

function Feed() {
  const [shown, setShown] = useState(PAGE);
  const editor = useRecordDialog({ resource: tblReleaseNote, form: FORM, ...WORDS });
  const feed = {
    table: tblReleaseNote.name,
    fields: editor.rowFields.join(","),
    order: RELEASE_NOTE_ORDER,
    rowLimit: shown,
  };
  const notes = useQuery({
    queryKey: tableKey.answer(feed),
    queryFn: () => queryRows<ReleaseNote>(feed),
    placeholderData: keepPreviousData,
  });
  const { data: user } = useQuery(userQuery);
  const unread = useUnread(user?.empID);
  // What was unread when the feed opened stays marked New while the user reads it.
  const [newOnOpen, setNewOnOpen] = useState<ReadonlySet<number>>();
  const { hash } = useLocation();
  const rows = notes.data?.data;

  useEffect(() => {
    if (!rows || !user) return;
    setNewOnOpen((before) => before ?? new Set(rows.filter(unread).map((n) => n.releaseNoteID)));
    markReleaseNotesRead(user.empID, rows);
  }, [rows, user, unread]);
  // A link to one note (Home's) scrolls to it once it is here.
  useEffect(() => {
    if (rows && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [rows, hash]);

  if (notes.isError && !rows)
    return (
      <Group gap="sm">
        <Text role="alert">Could not load the release notes.</Text>
        <Button variant="default" size="compact-sm" onClick={() => void notes.refetch()}>
          Try again
        </Button>
      </Group>
    );
  if (!rows) return <Text aria-busy="true">Loading release notes…</Text>;
  return (
    <Stack gap="md">
      {editor.rights.add ? (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={editor.openNew}>
            New release note
          </Button>
        </Group>
      ) : null}
      {rows.length === 0 ? <Text>No release notes yet.</Text> : null}
      <Stack gap="md" component="ol" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {rows.map((note) => (
          <Card
            key={note.releaseNoteID}
            component="li"
            withBorder
            radius="md"
            id={`note-${note.releaseNoteID}`}
            aria-labelledby={`note-title-${note.releaseNoteID}`}
            style={{ scrollMarginTop: 120 }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Title order={2} size="h4" id={`note-title-${note.releaseNoteID}`}>
                    {note.releaseNoteTitle}
                  </Title>
                  {newOnOpen?.has(note.releaseNoteID) ? <NewBadge /> : null}
                </Group>
                <Text size="xs" c="dimmed">
                  Version {note.releaseNoteVersion} ·{" "}
                  <time dateTime={note.releaseNoteDate}>
                    {formatUsDate(note.releaseNoteDate) ?? note.releaseNoteDate}
                  </time>
                </Text>
              </Stack>
              {editor.rights.change || editor.rights.del ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPencil size={14} aria-hidden="true" />}
                  aria-label={`Edit ${note.releaseNoteTitle}`}
                  onClick={() => editor.openRow({ ...note })}
                >
                  Edit
                </Button>
              ) : null}
            </Group>
            {note.releaseNoteBody ? <MarkdownText>{note.releaseNoteBody}</MarkdownText> : null}
          </Card>
        ))}
      </Stack>
      {(notes.data?.meta?.TotalRecords ?? 0) > rows.length ? (
        <Group justify="center">
          <Button variant="default" loading={notes.isFetching} onClick={() => setShown((n) => n + PAGE)}>
            Show older notes
          </Button>
        </Group>
      ) : null}
      {editor.element}
    </Stack>
  );
}
