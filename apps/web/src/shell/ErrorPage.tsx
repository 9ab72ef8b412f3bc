import { Anchor, Code, Stack, Text, Title } from "@mantine/core";
import { errorPageView } from "@office/core";
import { Link, useNavigate } from "react-router";
import type { Failure } from "../services/failures";
import { signOutToLogin } from "../services/sign-out";
import { PageFrame } from "../widgets/PageFrame";
import { ErrorDetails } from "./ErrorDetails";
import { SessionCountdown } from "./SessionCountdown";

function WayOut({ action }: { action: ReturnType<typeof errorPageView>["action"] }) {
  const navigate = useNavigate();
  switch (action) {
    case "home":
      return (
        <Anchor component={Link} to="/">
          Home
        </Anchor>
      );
    case "back":
      return (
        <Anchor component="button" type="button" onClick={() => navigate(-1)}>
          Back
        </Anchor>
      );
    case "login":
      // The run-out token is forgotten on the way, so the login page starts clean.
      return (
        <Anchor
          component={Link}
          to="/login"
          onClick={(event) => {
            event.preventDefault();
            void signOutToLogin(navigate);
          }}
        >
          Sign in again
        </Anchor>
      );
    case "countdown":
      return <SessionCountdown />;
    default:
      return (
        <Anchor component="button" type="button" onClick={() => location.reload()}>
          Refresh
        </Anchor>
      );
  }
}

/** The error page (docs/product-rules.md#errors): the title for the failure, what happened, and the way out. */
export function ErrorPage({ failure }: { failure: Failure }) {
  const view = errorPageView(failure);
  const body = failure.response;
  return (
    <PageFrame gap="sm" reading role="alert" aria-labelledby="error-title">
      <Title order={1} size="h2" id="error-title">
        {view.title}
      </Title>
      <Text>{failure.message}</Text>
      {failure.statusCode === 400 && body ? (
        <Stack gap={4}>
          <Text size="sm">
            {body.statusCode} {body.error} — <Code>{body.path}</Code>
          </Text>
          {body.params ? <Code block>{JSON.stringify(body.params, null, 2)}</Code> : null}
        </Stack>
      ) : null}
      {view.details ? <ErrorDetails failure={failure} /> : null}
      <WayOut action={view.action} />
    </PageFrame>
  );
}
