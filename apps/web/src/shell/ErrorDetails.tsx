import { Button, Code, Stack, Tabs } from "@mantine/core";
import { useState } from "react";
import { send } from "../api/client";
import { useAccess } from "../services/access";
import type { Failure } from "../services/failures";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The tabs of 'Server Internal Error' (status 0, no answer): the response, the request and its params;
 * administrators may re-send the request with DEBUG=1, which the server records in its log.
 */
export function ErrorDetails({ failure }: { failure: Failure }) {
  const access = useAccess();
  const [response, setResponse] = useState<unknown>(failure.response);
  const [busy, setBusy] = useState(false);
  const request = failure.request;

  async function debug() {
    if (!request) return;
    setBusy(true);
    try {
      setResponse(await send({ ...request, params: { ...request.params, DEBUG: "1" } }));
    } catch (error) {
      setResponse(error instanceof Error && "body" in error ? error.body : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Tabs defaultValue="response">
        <Tabs.List>
          <Tabs.Tab value="response">Response</Tabs.Tab>
          <Tabs.Tab value="request">Request</Tabs.Tab>
          <Tabs.Tab value="params">Params</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="response" pt="xs">
          <Code block>{json(response ?? null)}</Code>
        </Tabs.Panel>
        <Tabs.Panel value="request" pt="xs">
          <Code block>{json(request ? { method: request.method, path: request.path, body: request.body } : null)}</Code>
        </Tabs.Panel>
        <Tabs.Panel value="params" pt="xs">
          <Code block>{json(request?.params ?? {})}</Code>
        </Tabs.Panel>
      </Tabs>
      {request && access.holds("administrators") ? (
        <Button variant="default" w="fit-content" loading={busy} onClick={debug}>
          Debug
        </Button>
      ) : null}
    </Stack>
  );
}
