import { Anchor, Text, Title } from "@mantine/core";
import { NOT_FOUND_TEXT } from "@office/core";
import { Link } from "react-router";
import { PageFrame } from "../widgets/PageFrame";

/** An address that matches no route: 404, "This page could not be found". */
export function NotFoundPage() {
  return (
    <PageFrame gap="sm" reading>
      <Title order={1} size="h2">
        Page Not Found
      </Title>
      <Text>{NOT_FOUND_TEXT}</Text>
      <Anchor component={Link} to="/">
        Home
      </Anchor>
    </PageFrame>
  );
}
