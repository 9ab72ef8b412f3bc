import { textAtMost } from "../../http/outbound.js";
import { CarrierError } from "./carrier.js";

/** At most this much of an answer is read: a tracking answer is a few kilobytes; more is not one. */
const MOST_ANSWER_BYTES = 4 * 1_048_576;
/** A Retry-After beyond this is not waited for within a run: the carrier's numbers fail, the run ends. */
export const LONGEST_WAIT_MS = 120_000;

/** Retry-After as milliseconds: seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface CarrierResponse {
  status: number;
  body: unknown;
  retryAfterMs: number | null;
}

/**
 * One HTTP call to a carrier, bounded in time and size, its JSON read. A carrier that cannot be
 * reached, is too slow or answers what is not JSON is a CarrierError to retry; the run's own
 * signal (stopped, lease lost) is passed through as it is.
 */
export async function carrierFetch(
  name: string,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<CarrierResponse> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
    const text = await textAtMost(response, MOST_ANSWER_BYTES);
    if (text === null)
      throw new CarrierError(`${name} answered more than ${MOST_ANSWER_BYTES / 1_048_576} MB`, "retry");
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (response.ok) throw new CarrierError(`${name} answered something that is not JSON`, "retry");
    }
    return { status: response.status, body, retryAfterMs: retryAfterMs(response.headers.get("retry-after")) };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof CarrierError) throw error;
    if (timeout.aborted)
      throw new CarrierError(`${name} did not answer in ${Math.round(timeoutMs / 1_000)} s`, "retry");
    throw new CarrierError(`${name} could not be reached`, "retry");
  }
}

/** The failure of an answer that is not a 2xx, as the run handles it. */
export function failedAnswer(name: string, response: CarrierResponse, detail: string | null): CarrierError {
  const said = detail ? `: ${detail}` : "";
  if (response.status === 429)
    return new CarrierError(`${name} asked us to slow down${said}`, "retry", response.retryAfterMs);
  if (response.status >= 500)
    return new CarrierError(`${name} failed (${response.status})${said}`, "retry", response.retryAfterMs);
  return new CarrierError(`${name} refused the request (${response.status})${said}`, "stop");
}

/** A path into an answer, read without trusting its shape. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let here = value;
  for (const step of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<string | number, unknown>)[step];
  }
  return here;
}

export const textAt = (value: unknown, ...path: (string | number)[]): string => {
  const found = at(value, ...path);
  return typeof found === "string" ? found : typeof found === "number" ? String(found) : "";
};

export const listAt = (value: unknown, ...path: (string | number)[]): unknown[] => {
  const found = at(value, ...path);
  return Array.isArray(found) ? found : [];
};

/** "Memphis, TN, US" of its parts, leaving out the empty ones. */
export const placeOf = (...parts: string[]) => parts.filter((part) => part.trim() !== "").join(", ");
