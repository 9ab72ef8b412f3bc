import { QueryCache, QueryClient } from "@tanstack/react-query";
import { reportFailure } from "./failures";

/**
 * The one cache of server data. A failed read goes to the shared exception handler of spec 8
 * (toast for a 500, the error page otherwise); nothing is retried behind the user's back.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportFailure }),
  // networkMode "always": offline, a call fails at once and says so (status 0) instead of waiting unseen.
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: "always" },
  },
});
