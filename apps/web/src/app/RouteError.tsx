import { useRouteError } from "react-router";
import { ErrorPage } from "./ErrorPage";
import { toFailure } from "./failures";

/** A failure while loading a route (its guard or its code) that no page could catch. */
export function RouteError() {
  return <ErrorPage failure={toFailure(useRouteError())} />;
}
