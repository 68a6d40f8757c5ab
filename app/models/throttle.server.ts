import { eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { MSG } from "~/messages";
import { check, hit, LIMITS, type Limit, minutesText } from "~/rules/throttle";

type Key = { key: string; limit: Limit };

function read(key: string) {
  const row = db().select().from(schema.throttles).where(eq(schema.throttles.key, key)).get();
  return row ? { count: row.count, windowStart: row.windowStart.getTime() } : undefined;
}

/** The longest wait among the keys that are over their limit, or 0. */
export function blockedFor(keys: Key[], now = Date.now()): number {
  return Math.max(0, ...keys.map((k) => check(read(k.key), k.limit, now).retryInMs));
}

export function recordHit(keys: Key[], now = Date.now()): void {
  db().transaction((tx) => {
    for (const k of keys) {
      const next = hit(read(k.key), k.limit, now);
      tx.insert(schema.throttles)
        .values({ key: k.key, count: next.count, windowStart: new Date(next.windowStart) })
        .onConflictDoUpdate({
          target: schema.throttles.key,
          set: { count: next.count, windowStart: new Date(next.windowStart) },
        })
        .run();
    }
  });
}

export function clearHits(key: string): void {
  db().delete(schema.throttles).where(eq(schema.throttles.key, key)).run();
}

/** The client's address as the proxy in front reports it (Fly sets Fly-Client-IP). */
export function clientAddress(request: Request): string {
  return (
    request.headers.get("Fly-Client-IP") ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "local"
  );
}

export const throttleKeys = {
  login: (request: Request, email: string) => [
    { key: `login:acct:${email.trim().toLowerCase()}`, limit: LIMITS.loginAccount },
    { key: `login:addr:${clientAddress(request)}`, limit: LIMITS.loginAddress },
  ],
  email: (kind: "reset" | "resend", request: Request, email: string) => [
    { key: `${kind}:acct:${email.trim().toLowerCase()}`, limit: LIMITS.emailAccount },
    { key: `${kind}:addr:${clientAddress(request)}`, limit: LIMITS.emailAddress },
  ],
};

/** The spec-style message when any key is over its limit, else null. */
export function throttledMessage(keys: Key[]): string | null {
  const wait = blockedFor(keys);
  return wait > 0 ? MSG.throttled(minutesText(wait)) : null;
}
