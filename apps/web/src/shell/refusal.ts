import type { RouteAccess, RouteDef } from "@office/core";

/**
 * The last route the guard refused and why, for the forbidden page to say which page and what
 * to do. The address stays /forbidden (docs/product-rules.md#access); opened directly, the
 * page has no refusal to explain and says what it can.
 */
let last: { route: RouteDef; access: Exclude<RouteAccess, "allowed"> } | undefined;

export function recordRefusal(route: RouteDef, access: RouteAccess) {
  last = access === "allowed" ? undefined : { route, access };
}

export const lastRefusal = () => last;
