import { operation } from "./operation.js";

/** The caller's own address as the server sees it (issue 36): `address` as given, `ipv4` when it is one. */
export interface ClientAddress {
  address: string;
  ipv4: string | null;
}

/**
 * The spec's browser asked a public IP look-up service for its IPv4 address (spec 7); the
 * server answers it instead, so no third party learns who uses the product.
 */
export const NETWORK_OPERATIONS = {
  clientAddress: operation<void, ClientAddress>({
    method: "GET",
    path: "/API/ClientIP",
    summary:
      "The caller's address as this server sees it: the connection's, or the one a trusted proxy names (TRUST_PROXY); `ipv4` is it written as IPv4 (an IPv4 address mapped into IPv6 unwrapped), or null for an IPv6 one. Any signed-in user.",
    tag: "Operations",
    reads: [],
    changes: [],
  }),
} as const;
