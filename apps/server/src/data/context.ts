import { RESOURCES, type Resource } from "@office/core";
import type { FastifyRequest } from "fastify";
import { signedInUser } from "../http/access.js";
import { AppError } from "../http/app-error.js";
import type { Actor } from "./actor.js";

/** The declaration of a table or view named by a call; an unknown name is a 400. */
export function resourceOf(name: string): Resource {
  const def = RESOURCES.get(name);
  if (!def) throw AppError.badRequest(`Unknown table '${name}'.`, { table: "is not a known table" });
  return def;
}

/** The signed-in employee of a request, as the data service's actor. */
export function actorOf(request: FastifyRequest): Actor {
  const user = signedInUser(request);
  return { kind: "employee", empID: user.empID, permissions: user.permissions };
}
