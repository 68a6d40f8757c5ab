// Throttle store: counters per key in SQLite. `gate` checks and counts in one immediate
// transaction, before the slow or revealing work it guards; `settle` gives attempts back or clears
// them once the outcome is known. The rule itself is rules/throttle.ts.
import { eq, lt } from "drizzle-orm";
import { createHmac } from "node:crypto";
import { db, schema } from "~/lib/db.server";
import { CLIENT_ADDRESS_HEADER, clientAddress, clientKey } from "~/lib/client-address.server";
import { env } from "~/lib/env.server";
import { attempt, type Counter, LIMITS, type Limit, refund, waitFor } from "~/rules/throttle";

export type Key = { key: string; limit: Limit };
type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

function read(tx: Tx, key: string): Counter | undefined {
  const row = tx.select().from(schema.throttles).where(eq(schema.throttles.key, key)).get();
  return row
    ? { count: row.count, lastAt: row.lastAt.getTime(), lockedUntil: row.lockedUntil.getTime() }
    : undefined;
}

function write(tx: Tx, key: string, c: Counter | undefined): void {
  if (!c) {
    tx.delete(schema.throttles).where(eq(schema.throttles.key, key)).run();
    return;
  }
  const values = { count: c.count, lastAt: new Date(c.lastAt), lockedUntil: new Date(c.lockedUntil) };
  tx.insert(schema.throttles)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: schema.throttles.key, set: values })
    .run();
}

/**
 * Checks every key and, when none is waiting, counts one attempt on each, in one step: parallel
 * requests cannot all pass the check before any of them is counted. Returns the wait (0: go on).
 */
export function gate(keys: Key[], now = Date.now()): number {
  return db().transaction(
    (tx) => {
      const wait = Math.max(0, ...keys.map((k) => waitFor(read(tx, k.key), k.limit, now)));
      if (wait > 0) return wait;
      for (const k of keys) write(tx, k.key, attempt(read(tx, k.key), k.limit, now));
      return 0;
    },
    { behavior: "immediate" },
  );
}

/** After a gated attempt: `clear` forgets these keys, `refund` gives the attempt back to these. */
export function settle({ clear = [], refunds = [] }: { clear?: Key[]; refunds?: Key[] }, now = Date.now()) {
  db().transaction(
    (tx) => {
      for (const k of clear) write(tx, k.key, undefined);
      for (const k of refunds) write(tx, k.key, refund(read(tx, k.key), k.limit, now));
    },
    { behavior: "immediate" },
  );
}

// The client's address and the key per-address limits count it under live in lib (issue 30: the
// rate limiter, an adapter, needs them too); exported here as before.
export { CLIENT_ADDRESS_HEADER, clientAddress, clientKey };

const norm = (email: string) => email.trim().toLowerCase();

/** A device that once logged in to an account carries a tag for it (see loginKeys). */
export function deviceTag(email: string): string {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`device:${norm(email)}`)
    .digest("base64url")
    .slice(0, 22);
}

export const throttleKeys = {
  /**
   * pair: this account from this address; account: this account from devices it has never logged
   * in from (left out when the request carries the device's tag); address: any account from here.
   */
  login(request: Request, email: string, knownDevice: boolean) {
    const address = clientKey(request);
    const pair = { key: `login:pair:${norm(email)}|${address}`, limit: LIMITS.loginPair };
    const account = { key: `login:acct:${norm(email)}`, limit: LIMITS.loginAccount };
    const addr = { key: `login:addr:${address}`, limit: LIMITS.loginAddress };
    return { pair, account: knownDevice ? null : account, address: addr };
  },
  email: (kind: "reset" | "resend", request: Request, email: string): Key[] => [
    { key: `${kind}:acct:${norm(email)}`, limit: LIMITS.emailAccount },
    { key: `${kind}:addr:${clientKey(request)}`, limit: LIMITS.emailAddress },
  ],
  register: (request: Request): Key[] => [
    { key: `register:addr:${clientKey(request)}`, limit: LIMITS.register },
  ],
  photoUpload: (userId: number): Key[] => [{ key: `photo:user:${userId}`, limit: LIMITS.photoUpload }],
  changePassword: (userId: number): Key[] => [
    { key: `password:user:${userId}`, limit: LIMITS.changePassword },
  ],
};

/** Removes counters idle for longer than any limit remembers them (the cleanup job). */
export function forgetIdleThrottles(now = Date.now()): number {
  const longest = Math.max(...Object.values(LIMITS).map((l) => l.forgetMs));
  return db()
    .delete(schema.throttles)
    .where(lt(schema.throttles.lastAt, new Date(now - longest)))
    .run().changes;
}
