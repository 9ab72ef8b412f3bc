export interface RateWindowOptions {
  /** The most one key may take in any window. */
  limit: number;
  windowMs: number;
  /** How finely the window slides: by windowMs / slots (60 for a minute: by the second). */
  slots?: number;
  /** Keys kept at most; past it the one that took least recently is forgotten. */
  maxKeys?: number;
  now?: () => number;
}

/** What a take answers: taken (with a way to give back what went unused), or the wait until it fits. */
export type Taken = { ok: true; giveBack(amount: number): void } | { ok: false; retryAfterMs: number };

interface Slot {
  index: number;
  amount: number;
}

/**
 * A per-key allowance over a sliding window, in this process's memory: a key may take at most
 * `limit` in any `windowMs`. What is taken is counted in slots of windowMs / slots and for a
 * whole window after its slot ends, so the count errs by at most one slot, and always towards
 * refusing: no window ever holds more than the limit. A refused take answers how long until it
 * fits. Memory stays bounded: a key keeps at most slots + 1 counts, a key with nothing left in
 * its window is forgotten at the next take of any key (keys are kept in the order they last
 * took), and past maxKeys the least recent key is forgotten with what it had taken.
 */
export function createRateWindow({ limit, windowMs, slots = 60, maxKeys = 10_000, now = Date.now }: RateWindowOptions) {
  const slotMs = windowMs / slots;
  const keys = new Map<unknown, Slot[]>();
  /** When what was taken in a slot stops counting. */
  const endOf = (slot: Slot) => (slot.index + 1) * slotMs + windowMs;
  const live = (held: Slot[], at: number) => {
    while (held[0] && endOf(held[0]) <= at) held.shift();
    return held;
  };
  const forgetIdle = (at: number) => {
    for (const [key, held] of keys) {
      if (live(held, at).length > 0) break;
      keys.delete(key);
    }
    while (keys.size > maxKeys) keys.delete(keys.keys().next().value);
  };
  const total = (held: Slot[]) => held.reduce((sum, slot) => sum + slot.amount, 0);
  /** How long until `amount` more fits: the end of the slot whose expiry frees enough. */
  const waitFor = (held: Slot[], amount: number, at: number) => {
    let excess = total(held) + amount - limit;
    for (const slot of held) {
      excess -= slot.amount;
      if (excess <= 0) return endOf(slot) - at;
    }
    return windowMs;
  };

  return {
    /** Takes `amount` for `key` if its window has room (at most `limit`, which it must not exceed). */
    take(key: unknown, amount: number): Taken {
      if (amount > limit) throw new RangeError(`${amount} can never fit a window of ${limit}`);
      const at = now();
      const held = live(keys.get(key) ?? [], at);
      if (total(held) + amount > limit) return { ok: false, retryAfterMs: waitFor(held, amount, at) };
      const index = Math.floor(at / slotMs);
      let slot = held[held.length - 1];
      if (slot?.index !== index) {
        slot = { index, amount: 0 };
        held.push(slot);
      }
      slot.amount += amount;
      // Last taken last: the idle keys are at the front.
      keys.delete(key);
      keys.set(key, held);
      forgetIdle(at);
      const taken = slot;
      let kept = amount;
      return {
        ok: true,
        // Never more than this take kept: the slot may hold others' too.
        giveBack: (unused) => {
          const back = Math.min(Math.max(unused, 0), kept, taken.amount);
          kept -= back;
          taken.amount -= back;
        },
      };
    },
    /** What `key` has taken in its window now. */
    used(key: unknown): number {
      const held = keys.get(key);
      return held ? total(live(held, now())) : 0;
    },
    /** How many keys are kept (tests). */
    size: () => keys.size,
  };
}

export type RateWindow = ReturnType<typeof createRateWindow>;
