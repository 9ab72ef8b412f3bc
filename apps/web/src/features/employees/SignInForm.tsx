import { Alert, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  checkField,
  formatDateTimeIn,
  ADMINISTRATION_OPERATIONS as op,
  PASSWORD_MIN,
  type SignInInfo,
  TOASTS,
} from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { operationQuery, useOperation } from "../../services/operations";
import { appConfigQuery } from "../../services/session";

/** An employee's sign-in (administrators): set a username and a password, reset the password, disable it. */
export function SignInForm({ empID }: { empID: number }) {
  const { data, isPending } = useQuery({ ...operationQuery(op.signIn, { empID }), select: (answer) => answer.data });
  if (isPending) return <Loader size="sm" role="status" aria-label="Loading the sign-in" />;
  return <SignInFields key={JSON.stringify(data)} empID={empID} account={data ?? null} />;
}

function SignInFields({ empID, account }: { empID: number; account: SignInInfo | null }) {
  // The server sends this time in UTC, not in the company's zone as the data service does.
  const { data: config } = useQuery(appConfigQuery);
  const setAt = account && config ? formatDateTimeIn(account.passwordChangedTS, config.timeZone) : null;
  const [username, setUsername] = useState(account?.username ?? "");
  const [password, setPassword] = useState("");
  const [disabled, setDisabled] = useState(account?.disabled ?? false);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ message?: string; fields?: Record<string, string> }>({});
  const errors = {
    username: checkField(["required", { max: 64 }], username, "Username") ?? server.fields?.username,
    password:
      checkField(account ? [{ min: PASSWORD_MIN }] : ["required", { min: PASSWORD_MIN }], password, "Password") ??
      server.fields?.password,
  };
  const saving = useOperation(op.saveSignIn, {
    done: () => TOASTS.updated,
    failed: () => TOASTS.updateFailed,
    onFailed: (error) => {
      if (error instanceof ApiError) {
        setServer({ message: error.body.message, fields: error.body.fieldErrors as Record<string, string> });
      }
    },
  });
  const save = () => saving.mutate({ empID, username, disabled, ...(password ? { password } : {}) });

  return (
    <Stack gap="xs" component="section" aria-labelledby="sign-in-title" maw={420}>
      <Title order={2} size="h4" id="sign-in-title">
        Sign-in
      </Title>
      <Text size="sm" c="dimmed">
        {account
          ? `Password last set ${setAt ?? "…"}. A new password or disabling ends the employee's sessions.`
          : "This employee cannot sign in yet: give them a username and a password."}
      </Text>
      {server.message ? (
        <Alert color="red" role="alert" title="Not saved">
          {server.message}
        </Alert>
      ) : null}
      <form
        noValidate
        aria-label="Sign-in"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          setServer({});
          if (!errors.username && !errors.password) save();
        }}
      >
        <Stack gap="xs">
          <TextInput
            label="Username"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={tried ? errors.username : undefined}
            withAsterisk
          />
          <PasswordInput
            label={account ? "New password" : "Password"}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={tried ? errors.password : undefined}
            withAsterisk={!account}
          />
          <Checkbox
            label="Sign-in disabled"
            checked={disabled}
            onChange={(e) => setDisabled(e.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={saving.isPending}>
              {account ? "Save sign-in" : "Create sign-in"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
