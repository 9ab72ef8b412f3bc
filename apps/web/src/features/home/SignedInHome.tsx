import { Button, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { SignedInUser } from "@office/core";
import { useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { loadSignedInUser, signOut } from "../../auth/session";
import { tokenStore } from "../../auth/token-store";

/** Who is signed in; the page shell of a later issue takes this place. */
export function SignedInHome() {
  const navigate = useNavigate();
  const [user, setUser] = useState<SignedInUser | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!tokenStore.get()) return;
    loadSignedInUser().then(setUser, () => {
      tokenStore.clear();
      setFailed(true);
    });
  }, []);

  if (!tokenStore.get() || failed) return <Navigate to="/login" replace />;
  if (!user) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Center mih="100vh" component="main">
      <Stack align="center">
        <Title order={1}>Office</Title>
        <Text>
          Signed in as <strong>{`${user.empFirstName} ${user.empLastName}`}</strong>
        </Text>
        <Group>
          <Button variant="default" onClick={() => signOut().finally(() => navigate("/login"))}>
            Log out
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
