// Scheduled upkeep, on the LiteFS primary only (a replica's database is read-only): removes
// expired sessions, expired one-time tokens and idle throttle counters. Started once per process
// by entry.server.tsx; the timer never keeps the process alive.
import { lt } from "drizzle-orm";
import { db, schema } from "./db.server";
import { isPrimary } from "./litefs.server";
import { forgetIdleThrottles } from "~/models/throttle.server";
import { deleteExpiredTokens } from "~/models/token.server";

export const CLEANUP_EVERY_MS = 60 * 60_000;

export function deleteExpiredSessions(now = Date.now()): number {
  return db()
    .delete(schema.sessions)
    .where(lt(schema.sessions.expiresAt, new Date(now)))
    .run().changes;
}

/** One pass of the cleanup; returns what it removed (nothing on a replica). */
export function cleanup(now = Date.now()) {
  if (!isPrimary()) return null;
  return {
    sessions: deleteExpiredSessions(now),
    tokens: deleteExpiredTokens(now),
    throttles: forgetIdleThrottles(now),
  };
}

const state = globalThis as unknown as { __regattaJobs?: NodeJS.Timeout };

export function startJobs(): void {
  if (state.__regattaJobs) return;
  const run = () => {
    try {
      const removed = cleanup();
      if (removed && removed.sessions + removed.tokens + removed.throttles > 0) {
        console.log(`cleanup: removed ${JSON.stringify(removed)}`);
      }
    } catch (error) {
      console.error("cleanup failed", error);
    }
  };
  setTimeout(run, 30_000).unref();
  state.__regattaJobs = setInterval(run, CLEANUP_EVERY_MS);
  state.__regattaJobs.unref();
}
