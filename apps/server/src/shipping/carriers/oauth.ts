import { CarrierError } from "./carrier.js";
import { type CarrierResponse, failedAnswer, textAt } from "./http.js";

/** A token is renewed this long before it expires, so none expires in flight. */
const EARLY_MS = 60_000;

/**
 * An OAuth client-credentials token of a carrier, asked for once and kept until shortly before
 * it expires; callers at the same moment share one request. UPS writes `expires_in` as a string
 * ("14399"), FedEx as a number: both are read.
 */
export function clientCredentials(name: string, ask: (signal: AbortSignal) => Promise<CarrierResponse>) {
  let token: { value: string; until: number } | null = null;
  let asking: Promise<string> | null = null;

  async function fetchToken(signal: AbortSignal): Promise<string> {
    const response = await ask(signal);
    if (response.status === 401 || response.status === 403) {
      throw new CarrierError(`${name} refused the client credentials (${response.status})`, "stop");
    }
    if (response.status < 200 || response.status >= 300) {
      throw failedAnswer(`${name}'s sign-in`, response, textAt(response.body, "error_description") || null);
    }
    const value = textAt(response.body, "access_token");
    const seconds = Number(textAt(response.body, "expires_in"));
    if (!value || !Number.isFinite(seconds) || seconds <= 0) {
      throw new CarrierError(`${name}'s sign-in answered no usable token`, "retry");
    }
    token = { value, until: Date.now() + Math.max(seconds * 1_000 - EARLY_MS, 1_000) };
    return value;
  }

  return {
    async get(signal: AbortSignal): Promise<string> {
      if (token && token.until > Date.now()) return token.value;
      asking ??= fetchToken(signal).finally(() => {
        asking = null;
      });
      return asking;
    },
    /**
     * A call with the token; once more with a new one when the carrier says it is no longer good
     * (401: expired or revoked before its time).
     */
    async authorized(
      signal: AbortSignal,
      send: (bearer: string) => Promise<CarrierResponse>,
    ): Promise<CarrierResponse> {
      for (let attempt = 0; ; attempt++) {
        const bearer = await this.get(signal);
        const response = await send(bearer);
        if (response.status !== 401 || attempt > 0) return response;
        if (token?.value === bearer) token = null;
      }
    },
  };
}
