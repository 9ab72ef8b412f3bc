import type { Operation } from "@office/core";
import type { FastifySchema } from "fastify";

/**
 * The route of an operation declared in core (core's `operations/`): its method and path,
 * its access and named grant (enforced by http/access.ts before the request is read), its
 * words and group in the API document, and the zod schemas that check what it takes and
 * answers. A handler is all a route adds: `app.route({ ...served(op, schema), handler })`.
 */
export function served<S extends FastifySchema>(
  op: Pick<Operation, "method" | "path" | "summary" | "tag" | "grant">,
  schema: S,
  options: { bodyLimit?: number } = {},
) {
  return {
    method: op.method,
    url: op.path,
    config: { access: "signedIn" as const, ...(op.grant ? { grant: op.grant } : {}) },
    ...options,
    schema: { summary: op.summary, tags: [op.tag], ...schema },
  };
}
