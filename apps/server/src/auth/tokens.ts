import { randomUUID } from "node:crypto";
import { TOKEN_LIFETIME_SECONDS } from "@office/core";
import { jwtVerify, SignJWT } from "jose";

const ALGORITHM = "HS256";
const ISSUER = "office";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface TokenClaims {
  empID: number;
  jti: string;
  /** Seconds since the epoch. */
  exp: number;
  /** The account's token epoch when signed: a password change or a disable moves it on. */
  epoch: number;
  /** The session (sign-in) the token belongs to: logout ends it, and every token of it. */
  sid: string;
}

export interface Tokens {
  /** A token of the session, with the full lifetime but never past `until` (seconds since the epoch). */
  issue(claims: Omit<TokenClaims, "jti" | "exp">, until?: number): Promise<{ token: string; exp: number }>;
  /** The claims of a token signed by us with the pinned algorithm and not expired; else null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export async function createTokens(secret: string, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): Promise<Tokens> {
  // Imported once: given raw bytes, jose would import the key again for every token it checks.
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return {
    async issue({ empID, epoch, sid }, until = Number.POSITIVE_INFINITY) {
      const now = Math.floor(Date.now() / 1000);
      const exp = Math.min(now + lifetimeSeconds, until);
      const token = await new SignJWT({ ep: epoch, sid })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setIssuer(ISSUER)
        .setSubject(String(empID))
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { token, exp };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ["exp", "iat", "jti", "sub"],
        });
        const empID = Number(payload.sub);
        const { jti, exp, ep, sid } = payload;
        if (!Number.isSafeInteger(empID) || empID <= 0) return null;
        if (typeof jti !== "string" || !UUID.test(jti)) return null;
        if (typeof sid !== "string" || !UUID.test(sid)) return null;
        if (typeof exp !== "number" || !Number.isSafeInteger(ep)) return null;
        return { empID, jti, exp, epoch: ep as number, sid };
      } catch {
        return null; // bad signature, other algorithm, alg none, expired, malformed: all alike
      }
    },
  };
}
