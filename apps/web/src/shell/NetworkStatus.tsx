import { Badge } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";

/** Whether the browser is online, announced politely when it changes. */
export function NetworkStatus() {
  const { online } = useNetwork();
  return (
    <Badge role="status" aria-live="polite" variant="dot" color={online ? "green" : "red"} size="sm">
      {online ? "Online" : "Offline"}
    </Badge>
  );
}
