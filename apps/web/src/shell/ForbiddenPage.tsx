import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

/** Where the guard sends a route the user may not open (docs/product-rules.md#access). */
export function ForbiddenPage() {
  return (
    <Stack p="lg" gap="sm">
      <Title order={1} size="h2">
        Forbidden
      </Title>
      <Text>You do not have permission to open this page. An administrator can grant it.</Text>
      <Anchor component={Link} to="/">
        Home
      </Anchor>
    </Stack>
  );
}
