import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { endsSession, reportFailure } from "./failures";

/**
 * The one cache of server data. A failed read goes to the shared exception handler (a toast
 * for a 500, the error page otherwise: docs/product-rules.md#errors); nothing is retried
 * behind the user's back. A write that fails because the session ended (401, or a token past
 * its expiry) goes there too, so every 401 starts the countdown; other failed writes are their
 * form's 'Failed …' toast.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportFailure }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (endsSession(error)) reportFailure(error);
      },
    }),
    // networkMode "always": offline, a call fails at once and says so (status 0) instead of waiting unseen.
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: "always" },
    },
  });
}

export const queryClient = createQueryClient();
