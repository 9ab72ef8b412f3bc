import type { NavigateFunction } from "react-router";
import { setViewingAs } from "../api/view-as";
import { signOut } from "../auth/session";
import { clearFailure } from "./failures";
import { queryClient } from "./query-client";
import { forgetSearches } from "./remembered-searches";

/**
 * Logs out (the token revoked if it still can be, then forgotten), drops the session's data
 * (its cached reads, its remembered searches, a View as) and goes to login.
 */
export async function signOutToLogin(navigate: NavigateFunction, options: { replace?: boolean } = {}): Promise<void> {
  await signOut();
  setViewingAs(null);
  queryClient.clear();
  forgetSearches();
  clearFailure();
  navigate("/login", options);
}
