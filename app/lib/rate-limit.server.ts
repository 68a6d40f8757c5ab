// A per-address rate limit in memory (a token bucket), for public endpoints that are called often
// and legitimately (the entrance kiosk), where the database throttle (models/throttle.server.ts,
// one write per attempt, counting failures) does not fit. A bucket holds `burst` requests and
// refills at `perSecond`; a request finding it empty is answered 429 with Retry-After. Per
// process: on Fly the kiosk's writes go to the primary, so one bucket sees them all. Read-only
// loaders may use it too (it never touches the database).
import { messagesFor } from "~/i18n/locale.server";
import { clientKey } from "./client-address.server";
import { throttledMessage } from "~/rules/throttle";

export type Rate = { burst: number; perSecond: number };

/** The entrance kiosk (scans, saves and code checks of one address): a scanner in a person's hand
 * does not reach 2 a second for long; a script sweeping codes does. */
export const KIOSK_RATE: Rate = { burst: 120, perSecond: 2 };

const MAX_KEYS = 10_000;
const buckets = new Map<string, { tokens: number; at: number }>();

/** Takes one request from `key`'s bucket; returns 0, or how many ms until one is free. */
export function take(key: string, rate: Rate, now = Date.now()): number {
  const found = buckets.get(key);
  const tokens = found
    ? Math.min(rate.burst, found.tokens + ((now - found.at) / 1000) * rate.perSecond)
    : rate.burst;
  if (tokens < 1) {
    buckets.set(key, { tokens, at: now });
    return Math.ceil(((1 - tokens) / rate.perSecond) * 1000);
  }
  buckets.delete(key); // re-insert: the Map's order is then least recently used first
  buckets.set(key, { tokens: tokens - 1, at: now });
  if (buckets.size > MAX_KEYS) buckets.delete(buckets.keys().next().value as string);
  return 0;
}

/** Throws a 429 when this address (IPv6: its /64) has used up its `name` bucket. */
export function limitRate(request: Request, name: string, rate: Rate): void {
  limitKey(request, `${name}:${clientKey(request)}`, rate);
}

/** Throws a 429 (in the request's language) when the bucket `key` is used up: a limit keyed by
 * something other than the address (e.g. a kiosk device, services/kiosk-read-limit.server.ts). */
export function limitKey(request: Request, key: string, rate: Rate): void {
  const wait = take(key, rate);
  if (wait > 0)
    throw new Response(throttledMessage(wait, messagesFor(request)), {
      status: 429,
      headers: {
        "Retry-After": String(Math.ceil(wait / 1000)),
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      },
    });
}

/** Forgets every bucket (tests). */
export function resetRates(): void {
  buckets.clear();
}
