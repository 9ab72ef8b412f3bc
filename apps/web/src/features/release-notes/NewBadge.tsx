import { Badge } from "@mantine/core";

/** An unread release note's mark, on Home and in the feed (filled: the light badge's contrast falls short). */
export function NewBadge() {
  return (
    <Badge size="xs" variant="filled" color="blue">
      New
    </Badge>
  );
}
