import { QueryClientProvider } from "@tanstack/react-query";
import { useRouteError } from "react-router";
import { ErrorPage } from "./ErrorPage";
import { toFailure } from "./failures";
import { queryClient } from "./query-client";

/** A failure while loading a route (its guard or its code) that no page could catch. */
export function RouteError() {
  const failure = toFailure(useRouteError());
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorPage failure={failure} />
    </QueryClientProvider>
  );
}
