import { Anchor, Button, Group, List, Loader, Stack, Text, Title } from "@mantine/core";
import { type AccessGranter, findRoute } from "@office/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useAccess } from "../services/access";
import { accessGrantersQuery } from "../services/access-granters";
import { permissionsQuery, userQuery } from "../services/session";
import { PageFrame } from "../widgets/PageFrame";
import { lastRefusal } from "./refusal";

/**
 * Where the guard sends a route the user may not open (docs/product-rules.md#access), saying
 * why: a user with no permission rows yet is welcomed and told who can grant access (no link
 * that would only lead back here); a disabled route is not available, for anyone; any other
 * refusal names the page and who can grant it. Home is offered only to a user it opens for.
 */
export function ForbiddenPage() {
  const { data: permissions } = useQuery(permissionsQuery);
  const access = useAccess();
  const refusal = lastRefusal();
  if (permissions?.length === 0) return <NoAccessYet />;
  const home = findRoute("/");
  const homeLink =
    home && access.route(home) ? (
      <Anchor component={Link} to="/">
        Home
      </Anchor>
    ) : null;
  if (refusal?.route.disabled) {
    return (
      <Page title="Not available">
        <Text>{refusal.route.title} is not available yet.</Text>
        {homeLink}
      </Page>
    );
  }
  return (
    <Page title="Forbidden">
      <Text>You do not have permission to open {refusal ? refusal.route.title : "this page"}.</Text>
      <Granters lead="An administrator can grant it:" />
      {homeLink}
    </Page>
  );
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageFrame gap="sm" reading>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </PageFrame>
  );
}

/** The first day of a new colleague: signed in, nothing opened to them yet. */
function NoAccessYet() {
  const { data: user } = useQuery(userQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isFetching } = useQuery(permissionsQuery);
  const checkAgain = async () => {
    const rows = await queryClient.fetchQuery({ ...permissionsQuery, staleTime: 0 });
    if (rows.length > 0) navigate("/");
  };
  return (
    <Page title="No access yet">
      <Text>
        Welcome{user ? `, ${user.empFirstName}` : ""}. Your account is ready, but no page of Office has been opened to
        you yet.
      </Text>
      <Granters lead="Ask one of these colleagues to grant you access:" />
      <Group>
        <Button variant="default" onClick={checkAgain} loading={isFetching}>
          Check again
        </Button>
      </Group>
    </Page>
  );
}

const granterName = (g: AccessGranter) => `${g.empFirstName} ${g.empLastName}`;

/** The active administrators (view on page 40), with how to reach them. */
function Granters({ lead }: { lead: string }) {
  const { data, isPending, isError } = useQuery(accessGrantersQuery);
  if (isPending) return <Loader size="sm" role="status" aria-label="Finding who can grant access" />;
  if (isError) return <Text>Ask an administrator of Office to grant it.</Text>;
  if (data.length === 0) return <Text>No administrator is set up yet: ask whoever runs Office for your company.</Text>;
  return (
    <Stack gap={4}>
      <Text>{lead}</Text>
      <List aria-label="Who can grant access">
        {data.map((g) => (
          <List.Item key={g.empID}>
            {g.empEmail ? (
              <Anchor href={`mailto:${g.empEmail}`}>{granterName(g)}</Anchor>
            ) : (
              <Text span>{granterName(g)}</Text>
            )}
            {g.empOfficeExtention ? (
              <Text span c="dimmed">
                {" "}
                · Ext. {g.empOfficeExtention}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
