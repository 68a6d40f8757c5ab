// Throttling as a pure rule: a fixed window per key. The store (models/throttle.server.ts) keeps
// {count, windowStart}; this decides and computes the next state.

export type Limit = { max: number; windowMs: number };
export type Counter = { count: number; windowStart: number };

export const LIMITS = {
  /** Failed logins for one account, and from one address. */
  loginAccount: { max: 5, windowMs: 15 * 60_000 },
  loginAddress: { max: 30, windowMs: 15 * 60_000 },
  /** Password-reset emails and verification resends for one account, and from one address. */
  emailAccount: { max: 3, windowMs: 60 * 60_000 },
  emailAddress: { max: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;

/** Whether the key is over its limit now; `retryInMs` says for how long. */
export function check(
  counter: Counter | undefined,
  limit: Limit,
  now: number,
): { blocked: boolean; retryInMs: number } {
  if (!counter || now - counter.windowStart >= limit.windowMs) return { blocked: false, retryInMs: 0 };
  const blocked = counter.count >= limit.max;
  return { blocked, retryInMs: blocked ? counter.windowStart + limit.windowMs - now : 0 };
}

/** The counter after one more hit. */
export function hit(counter: Counter | undefined, limit: Limit, now: number): Counter {
  if (!counter || now - counter.windowStart >= limit.windowMs) return { count: 1, windowStart: now };
  return { count: counter.count + 1, windowStart: counter.windowStart };
}

export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
