import type { ClientAddress } from "@office/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { served } from "./operations.js";

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** An address as IPv4, when it is one (Node writes an IPv4 client of a dual-stack socket as ::ffff:a.b.c.d). */
export function ipv4Of(address: string): string | null {
  const unwrapped = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : address;
  return IPV4.test(unwrapped) ? unwrapped : null;
}

/** GET /API/ClientIP: the caller's address (Fastify's request.ip, which honours TRUST_PROXY). */
export async function clientAddressRoutes(instance: FastifyInstance) {
  instance.withTypeProvider<ZodTypeProvider>().route({
    ...served("clientAddress", {
      response: { 200: z.object({ address: z.string(), ipv4: z.string().nullable() }) },
    }),
    handler: async (request): Promise<ClientAddress> => ({ address: request.ip, ipv4: ipv4Of(request.ip) }),
  });
}
