import { OPERATION_INPUTS, OPERATIONS, type Operation, type OperationName, RESOURCES } from "@office/core";
import type { FastifyRequest, FastifySchema } from "fastify";
import { requireAccess } from "../data/actor.js";
import { actorOf } from "../data/context.js";

/**
 * The route of an operation declared in core (core's `operations/`): its method and path,
 * its access and named grant (enforced by http/access.ts before the request is read), a
 * table's flag it requires besides (checked before its input is), its words and group in the
 * API document, and the zod schemas of what it takes (core's OPERATION_INPUTS, which the web's
 * fake server checks with too). A route adds what it answers and its handler:
 * `app.route({ ...served("name", { response }), handler })`.
 */
export function served<N extends OperationName, S extends FastifySchema>(
  name: N,
  schema: S,
  options: { bodyLimit?: number } = {},
) {
  const op: Operation<unknown, unknown> = OPERATIONS[name];
  const requires = op.requires ? requiredFlag(name, op.requires) : undefined;
  return {
    method: op.method,
    url: op.path,
    config: { access: "signedIn" as const, ...(op.grant ? { grant: op.grant } : {}) },
    // After the session's check (the app's own onRequest hooks run first), before the body is read.
    ...(requires ? { onRequest: async (request: FastifyRequest) => requires(request) } : {}),
    ...options,
    schema: {
      summary: op.summary,
      tags: [op.tag],
      ...(op.rowsOf ? { "x-office-row": op.rowsOf } : {}),
      ...(OPERATION_INPUTS[name] as (typeof OPERATION_INPUTS)[N]),
      ...schema,
    },
  };
}

/** The check of a table's flag an operation requires; a table that is no resource fails at start-up. */
function requiredFlag(name: string, { table, flag }: NonNullable<Operation["requires"]>) {
  const def = RESOURCES.get(table);
  if (!def) throw new Error(`the operation ${name} requires a flag on ${table}, which is no resource`);
  return (request: FastifyRequest) => requireAccess(actorOf(request), def.access[flag], flag, table);
}
