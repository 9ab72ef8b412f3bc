import type { EmployeeInfoResponse, SignedInUser, TokenResponse } from "@office/core";
import { api } from "../api/client";
import { tokenStore } from "./token-store";

export async function signIn(username: string, password: string): Promise<void> {
  const { token } = await api<TokenResponse>("POST", "/API/Authenticate/", { username, password });
  tokenStore.set(token);
}

export async function loadSignedInUser(): Promise<SignedInUser> {
  const { data } = await api<EmployeeInfoResponse>("GET", "/API/EmployeeInfo/");
  const user = data[0];
  if (!user) throw new Error("EmployeeInfo returned no user");
  return user;
}

/** Revokes the token on the server (if it still can) and forgets it here. */
export async function signOut(): Promise<void> {
  try {
    if (tokenStore.get()) await api("POST", "/API/Logout/");
  } catch {
    // An expired or revoked token cannot be revoked again; forgetting it is what matters.
  } finally {
    tokenStore.clear();
  }
}
