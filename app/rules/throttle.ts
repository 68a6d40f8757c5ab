// Throttling as a pure rule: a few free attempts, then a growing delay (slow, never block for
// good). The store (models/throttle.server.ts) keeps a Counter per key; an attempt is counted
// *before* the slow work it guards (password hash, email, photo decoding), in the same step as the
// check, so parallel requests cannot all slip through. See docs/decisions/0008-throttling.md.
import { type Bundle, EN } from "~/i18n/en";

export type Limit = {
  /** Attempts allowed back to back before delays start. */
  free: number;
  /** Wait after the attempt that used up the free ones; it doubles with every further attempt. */
  delayMs: number;
  /** The wait never grows beyond this. */
  maxDelayMs: number;
  /** A key with no attempt for this long starts afresh. */
  forgetMs: number;
};

export type Counter = { count: number; lastAt: number; lockedUntil: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** Logins of one account from one address: the owner's own device is never slowed by others. */
  loginPair: { free: 5, delayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetMs: 24 * HOUR },
  /** Failed logins of one account from devices it never logged in from (any address). */
  loginAccount: { free: 20, delayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetMs: 24 * HOUR },
  /** Failed logins from one address (any account): credential stuffing. */
  loginAddress: { free: 30, delayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetMs: HOUR },
  /** Reset emails and verification resends for one account, and from one address (any email). */
  emailAccount: { free: 3, delayMs: 5 * MINUTE, maxDelayMs: HOUR, forgetMs: HOUR },
  emailAddress: { free: 20, delayMs: MINUTE, maxDelayMs: HOUR, forgetMs: HOUR },
  /** Registrations (valid forms) from one address. */
  register: { free: 10, delayMs: MINUTE, maxDelayMs: HOUR, forgetMs: HOUR },
  /** Profile photo uploads of one user. */
  photoUpload: { free: 10, delayMs: MINUTE, maxDelayMs: HOUR, forgetMs: HOUR },
  /** Old-password checks of one user (Change Password): 5, then one per 15 minutes until an hour
   * passes without one, so never more than 5 in any 15 minutes. A right password clears it. A
   * stolen session cannot guess the password behind it. */
  changePassword: { free: 5, delayMs: 15 * MINUTE, maxDelayMs: 15 * MINUTE, forgetMs: HOUR },
} as const satisfies Record<string, Limit>;

/** The counter as it stands now: a forgotten one is no counter. */
function current(counter: Counter | undefined, limit: Limit, now: number): Counter | undefined {
  return counter && now - counter.lastAt < limit.forgetMs ? counter : undefined;
}

/** How long until the key may try again (0: now). */
export function waitFor(counter: Counter | undefined, limit: Limit, now: number): number {
  const c = current(counter, limit, now);
  return c ? Math.max(0, c.lockedUntil - now) : 0;
}

/** The counter after one more attempt (call only when `waitFor` is 0). */
export function attempt(counter: Counter | undefined, limit: Limit, now: number): Counter {
  const count = (current(counter, limit, now)?.count ?? 0) + 1;
  const over = count - limit.free;
  const lockedUntil = over >= 0 ? now + Math.min(limit.delayMs * 2 ** over, limit.maxDelayMs) : 0;
  return { count, lastAt: now, lockedUntil };
}

/** The counter with one attempt given back (the attempt turned out right, or was never checked). */
export function refund(counter: Counter | undefined, limit: Limit, now: number): Counter | undefined {
  const c = current(counter, limit, now);
  if (!c || c.count <= 1) return undefined;
  const count = c.count - 1;
  const over = count - limit.free;
  const lockedUntil = over >= 0 ? c.lockedUntil : 0;
  return { count, lastAt: c.lastAt, lockedUntil };
}

/** "12 seconds", "1 minute", "15 minutes"; in Malay "12 saat", "1 minit" (the words of `labels`). */
export function waitText(
  ms: number,
  labels: Pick<Bundle["LABELS"], "waitSeconds" | "waitMinutes"> = EN.LABELS,
): string {
  if (ms < 60_000) return labels.waitSeconds(Math.max(1, Math.ceil(ms / 1000)));
  return labels.waitMinutes(Math.ceil(ms / 60_000));
}

/** The spec-style message for a wait, in the language of `t` (the request's; English by default). */
export function throttledMessage(waitMs: number, t: Bundle = EN): string {
  return t.MSG.throttled(waitText(waitMs, t.LABELS));
}
