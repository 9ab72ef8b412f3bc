import { QueryClientProvider } from "@tanstack/react-query";
import { useRouteError } from "react-router";
import { toFailure } from "../services/failures";
import { queryClient } from "../services/query-client";
import { ErrorPage } from "./ErrorPage";

/** A failure while loading a route (its guard or its code) that no page could catch. */
export function RouteError() {
  const failure = toFailure(useRouteError());
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorPage failure={failure} />
    </QueryClientProvider>
  );
}
