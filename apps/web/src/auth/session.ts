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

export async function signOut(): Promise<void> {
  try {
    await api("POST", "/API/Logout/");
  } finally {
    tokenStore.clear();
  }
}
