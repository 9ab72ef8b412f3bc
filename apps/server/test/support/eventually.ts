/**
 * Asks `check` again until it holds, for what another process hears later (a notification):
 * a condition waited for, never a sleep. Fails with the last answer after `withinMs`.
 */
export async function eventually<T>(check: () => Promise<T>, holds: (answer: T) => boolean, withinMs = 5_000) {
  const until = Date.now() + withinMs;
  for (;;) {
    const answer = await check();
    if (holds(answer)) return answer;
    if (Date.now() > until) throw new Error(`did not hold within ${withinMs} ms; last: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
