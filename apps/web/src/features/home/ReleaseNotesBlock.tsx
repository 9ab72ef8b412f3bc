import { Anchor, Group, Stack, Text } from "@mantine/core";
import { formatUsDate } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { userQuery } from "../../services/session";
import { NewBadge } from "../release-notes/NewBadge";
import { newestReleaseNotesQuery, useUnread } from "../release-notes/read-notes";
import { HomeBlock } from "./HomeBlock";
import { RELEASE_NOTES_SHOWN } from "./home-blocks";

/** The newest release notes, unread ones marked New; each opens the feed at that note. */
export function ReleaseNotesBlock() {
  const notes = useQuery(newestReleaseNotesQuery(RELEASE_NOTES_SHOWN));
  const { data: user } = useQuery(userQuery);
  const unread = useUnread(user?.empID);
  return (
    <HomeBlock
      title="What's new"
      more={{ to: "/rn", label: "All release notes" }}
      reads={[notes]}
      empty={notes.data?.length === 0 ? <Text size="sm">No release notes yet.</Text> : undefined}
    >
      <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {notes.data?.map((note) => (
          <Stack key={note.releaseNoteID} component="li" gap={0}>
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={`/rn#note-${note.releaseNoteID}`} size="sm" fw={500} truncate>
                {note.releaseNoteTitle}
              </Anchor>
              {unread(note) ? <NewBadge /> : null}
            </Group>
            <Text size="xs" c="dimmed">
              {note.releaseNoteVersion} · {formatUsDate(note.releaseNoteDate) ?? note.releaseNoteDate}
            </Text>
          </Stack>
        ))}
      </Stack>
    </HomeBlock>
  );
}
