import { Stack, Text } from "@mantine/core";
import { OPERATIONS } from "@office/core";
import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "../../services/operations";

/**
 * The user's address as the server sees it (GET /API/ClientIP): what an administrator asks
 * for when allowing an office's network somewhere, given by our server rather than a public
 * look-up service that would learn who uses the product.
 */
export function ClientAddress() {
  const address = useQuery(operationQuery(OPERATIONS.clientAddress));
  const shown = address.data ? (address.data.ipv4 ?? address.data.address) : null;
  return (
    <Stack gap={4}>
      <Text fw={500}>Your network address</Text>
      <Text ff={shown ? "monospace" : undefined} c={shown ? undefined : "dimmed"}>
        {shown ?? (address.isError ? "It could not be read." : "Reading…")}
      </Text>
      <Text size="sm" c="dimmed">
        As this company's server sees it: behind an office's router, the office's address.
      </Text>
    </Stack>
  );
}
