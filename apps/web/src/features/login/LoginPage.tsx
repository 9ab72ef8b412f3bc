import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { findRoute, routeAccess, TOASTS } from "@office/core";
import type { QueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { signIn } from "../../auth/session";
import { tokenStore } from "../../auth/token-store";
import { showToast } from "../../services/toast";
import { pageOf } from "../../shell/page-registry";

let warmed = false;

/**
 * The signed-in app's first chunks (the guard, the shell, Home), asked for once the user starts
 * typing: they load while the password is typed, not after Sign in. The login page's own first
 * load stays without them.
 */
function warmSignedInApp() {
  if (warmed) return;
  warmed = true;
  const home = findRoute("/");
  void Promise.all([
    import("../../shell/guard"),
    import("../../shell/ShellLayout"),
    home ? pageOf(home)() : undefined,
  ]).catch(() => {
    // Only a head start: the navigation loads (and reports) them itself.
  });
}

/**
 * Where signing in lands: the page the person chose in Settings, when they may still open it,
 * else Home. Its reads (the settings, the permissions) are the shell's first anyway, kept.
 */
async function startPage(queryClient: QueryClient): Promise<string> {
  try {
    const [{ settingsQuery }, { permissionsQuery }] = await Promise.all([
      import("../../services/preferences"),
      import("../../services/session"),
    ]);
    const [settings, permissions] = await Promise.all([
      queryClient.fetchQuery(settingsQuery),
      queryClient.fetchQuery(permissionsQuery),
    ]);
    const route = findRoute(String(settings.personal.preferences?.startPage ?? "/"));
    return route && routeAccess(route, "", permissions) === "allowed" ? route.path : "/";
  } catch {
    return "/";
  }
}

/**
 * The bare sign-in page; a refused sign-in is the 'Login Failed' toast, shown for 10 s, and the
 * same words beside the form, where they stay until the user types again.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    tokenStore.clear();
    try {
      await signIn(username, password);
      // A new sign-in starts with nothing cached of an earlier one: its permissions, its rows.
      // The cache loads here only when signing in: the login page's first load does without it.
      const { queryClient } = await import("../../services/query-client");
      queryClient.clear();
      navigate(await startPage(queryClient), { replace: true });
    } catch (error) {
      const refused = error instanceof ApiError && error.statusCode === 401;
      // A refusal or no answer says 'Username or Password is incorrect!'; another (429: too many tries) its own.
      const toast =
        refused || !(error instanceof ApiError)
          ? TOASTS.loginFailed
          : { ...TOASTS.loginFailed, message: error.message };
      showToast(toast);
      setRefusal(toast.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" bg="var(--mantine-color-default-hover)">
      <Paper component="main" withBorder shadow="sm" p="xl" w={360}>
        <form onSubmit={submit} aria-labelledby="login-title">
          <Stack>
            <Title order={1} size="h3" id="login-title">
              Sign in to Office
            </Title>
            <TextInput
              label="Username"
              autoComplete="username"
              onKeyDown={warmSignedInApp}
              required
              value={username}
              onChange={(e) => {
                setUsername(e.currentTarget.value);
                setRefusal(null);
              }}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setRefusal(null);
              }}
            />
            {refusal ? (
              <Text role="alert" c="var(--mantine-color-error)" size="sm">
                {refusal}
              </Text>
            ) : null}
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
