import { randomUUID } from "node:crypto";
import { TOKEN_LIFETIME_SECONDS } from "@office/core";
import { jwtVerify, SignJWT } from "jose";

const ALGORITHM = "HS256";
const ISSUER = "office";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Tokens whose signature was checked, kept by their text; past this many the list starts again. */
const VERIFIED_KEPT = 10_000;

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
  const verified = new Map<string, TokenClaims>();
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
      // A signature checked once stays good (WebCrypto's HMAC cost about a tenth of a cheap
      // call); the expiry is checked on every use, and only good tokens are kept.
      const known = verified.get(token);
      if (known) return known.exp > Date.now() / 1000 ? known : null;
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
        const claims = Object.freeze({ empID, jti, exp, epoch: ep as number, sid });
        if (verified.size >= VERIFIED_KEPT) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch {
        return null; // bad signature, other algorithm, alg none, expired, malformed: all alike
      }
    },
  };
}
