import { Box, Button, Group, Stack, UnstyledButton } from "@mantine/core";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { send } from "../api/client";
import { useAccess } from "../services/access";
import type { Failure } from "../services/failures";
import classes from "./ErrorDetails.module.css";

const json = (value: unknown) => JSON.stringify(value, null, 2);

const TABS = [
  { value: "response", label: "Response" },
  { value: "request", label: "Request" },
  { value: "params", label: "Params" },
] as const;
type Tab = (typeof TABS)[number]["value"];

/** The next tab for an arrow, Home or End key (WAI-ARIA's tabs pattern), or undefined for another key. */
function movedTo(key: string, at: number): number | undefined {
  const last = TABS.length - 1;
  if (key === "ArrowRight") return at === last ? 0 : at + 1;
  if (key === "ArrowLeft") return at === 0 ? last : at - 1;
  if (key === "Home") return 0;
  if (key === "End") return last;
  return undefined;
}

/**
 * The tabs of 'Server Internal Error' (status 0, no answer): the response, the request and its params;
 * administrators may re-send the request with DEBUG=1, which the server records in its log.
 * Its tab list is our own (the WAI-ARIA tabs pattern, three tabs): the error page comes with
 * every page, and Mantine's Tabs would put 2.3 KB gzipped on each for a page seldom shown.
 */
export function ErrorDetails({ failure }: { failure: Failure }) {
  const access = useAccess();
  const [response, setResponse] = useState<unknown>(failure.response);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<Tab>("response");
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
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

  const shown = {
    response: response ?? null,
    request: request ? { method: request.method, path: request.path, body: request.body } : null,
    params: request?.params ?? {},
  }[tab];
  const onKeyDown = (event: KeyboardEvent, at: number) => {
    const next = movedTo(event.key, at);
    const target = next === undefined ? undefined : TABS[next];
    if (next === undefined || !target) return;
    event.preventDefault();
    setTab(target.value);
    buttons.current[next]?.focus();
  };

  return (
    <Stack>
      <div>
        <Group gap={0} role="tablist" aria-label="Details of the failed call" className={classes.list}>
          {TABS.map((each, at) => (
            <UnstyledButton
              key={each.value}
              ref={(button: HTMLButtonElement | null) => {
                buttons.current[at] = button;
              }}
              role="tab"
              id={`${id}-${each.value}`}
              aria-selected={tab === each.value}
              aria-controls={`${id}-panel`}
              tabIndex={tab === each.value ? 0 : -1}
              className={classes.tab}
              onClick={() => setTab(each.value)}
              onKeyDown={(event) => onKeyDown(event, at)}
            >
              {each.label}
            </UnstyledButton>
          ))}
        </Group>
        <Box
          component="pre"
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-${tab}`}
          tabIndex={0}
          className={classes.panel}
        >
          {json(shown)}
        </Box>
      </div>
      {request && access.holds("administrators") ? (
        <Button variant="default" w="fit-content" loading={busy} onClick={debug}>
          Debug
        </Button>
      ) : null}
    </Stack>
  );
}
