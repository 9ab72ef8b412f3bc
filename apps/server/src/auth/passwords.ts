import { type Algorithm, hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id minimum: 19 MiB, two passes, one lane. */
export const HASH_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

// Verified against when the username is unknown, so that the answer takes as long as a wrong
// password for a real account and the timing tells nothing. Made at start-up (see
// `prepareDecoy`), so that not even the first unknown user costs a hash more.
let decoy: Promise<string> | undefined;

export function prepareDecoy(): Promise<string> {
  decoy ??= hashPassword("decoy password, never matches");
  return decoy;
}

/** Whether the password matches; with no hash (unknown user) it still does the work, and fails. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const target = passwordHash ?? (await prepareDecoy());
  try {
    const matches = await verify(target, password);
    return matches && passwordHash !== undefined;
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a crash
  }
}
