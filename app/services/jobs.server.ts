// Scheduled upkeep, on the LiteFS primary only (a replica's database is read-only; the timers run
// on every node and each tick checks isPrimary()): removes expired sessions, expired one-time
// tokens, idle throttle counters, mail sent over 90 days ago and webhook deliveries done over 30 days ago
// (hourly), and cancels unpaid
// orders older than the payment due hours (every few minutes, and once at start-up), and drains
// the mail queue (every few seconds, and a second after start-up: what a restart left unsent goes;
// services/mailer.server.ts, ADR 0037), and calls the races whose expected start is near (every 30 s;
// services/race-call.server.ts, issue 28), and sends the webhooks (every 2 s: the watcher of the
// timetable and the standings, then every due delivery; services/webhook-sender.server.ts, issue 29).
// Started once per process by entry.server.tsx;
// the timers never keep the process alive. `npm run jobs:run` (scripts/jobs-run.ts) runs every job
// once, for a cron.
import { env } from "~/lib/env.server";
import { isPrimary } from "~/lib/litefs.server";
import { drainMailQueue } from "~/services/mailer.server";
import { deleteSentMailBefore } from "~/models/mail-queue.server";
import { deleteOldWebhookRows, WEBHOOK_KEEP_MS } from "~/models/webhooks.server";
import { MAIL_KEEP_SENT_MS } from "~/rules/mail-queue";
import { callRaces } from "~/services/race-call.server";
import { watchOpenData } from "~/services/webhooks.server";
import { kickWebhooks, WEBHOOK_EVERY_MS } from "./webhook-sender.server";
import { serveWaitlistNow } from "~/services/waitlist-mail.server";
import { cancelOverdueOrders } from "~/models/order.server";
import { currentEdition } from "~/models/edition.server";
import { deleteExpiredSessions } from "~/models/session.server";
import { getSettings } from "~/models/settings.server";
import { forgetIdleThrottles } from "~/models/throttle.server";
import { deleteExpiredTokens } from "~/models/token.server";
import { now as clockNow } from "~/lib/clock.server";

export const CLEANUP_EVERY_MS = 60 * 60_000;
export const AUTO_CANCEL_EVERY_MS = 5 * 60_000;
/** The mail queue's tick: a failed message is retried at the first tick after its back-off. */
export const MAIL_EVERY_MS = 5_000;

export { deleteExpiredSessions };

/** One pass of the cleanup; returns what it removed (nothing on a replica). */
export function cleanup(now = Date.now()) {
  if (!isPrimary()) return null;
  return {
    sessions: deleteExpiredSessions(now),
    tokens: deleteExpiredTokens(now),
    throttles: forgetIdleThrottles(now),
    sentMail: deleteSentMailBefore(now - MAIL_KEEP_SENT_MS),
    webhookRows: deleteOldWebhookRows(now - WEBHOOK_KEEP_MS),
  };
}

/**
 * Cancels every PROCESSING order of the open edition older than its settings' payment due hours
 * (one statement: an order a late callback has just paid is no longer PROCESSING and is left
 * alone; an archived edition's orders are read-only and stay as they were). Returns how many it
 * cancelled, or null on a replica.
 */
export function autoCancelOrders(now = new Date(clockNow())): number | null {
  if (!isPrimary()) return null;
  const edition = currentEdition().id;
  return cancelOverdueOrders(edition, getSettings(edition).paymentDueHours, now);
}

/** Every job once (the cron entry point); null on a replica. */
export async function runJobsOnce(now = new Date()) {
  const removed = cleanup(now.getTime());
  if (!removed) return null;
  const ordersCancelled = autoCancelOrders(now) ?? 0;
  const offers = await serveWaitlistNow(now.getTime());
  const called = callRaces(now.getTime()) ?? [];
  const mail = await drainMailQueue();
  watchOpenData(now.getTime());
  const hooks = await kickWebhooks();
  return {
    ...removed,
    ordersCancelled,
    waitlistOffers: offers.length,
    racesCalled: called.length,
    mailSent: mail.sent,
    webhooksSent: hooks.sent,
  };
}

const state = globalThis as unknown as {
  __regattaJobs?: NodeJS.Timeout;
  __regattaAutoCancel?: NodeJS.Timeout;
  __regattaMailTick?: NodeJS.Timeout;
  __regattaCallTick?: NodeJS.Timeout;
  __regattaWebhookTick?: NodeJS.Timeout;
};

/** The webhooks' tick (issue 29): the watcher, then the sender (which never rejects). */
function runWebhooks() {
  if (!isPrimary()) return;
  try {
    watchOpenData();
  } catch (error) {
    console.error("webhook watcher failed", error);
  }
  void kickWebhooks();
}

/** The call's tick (issue 28): logs its own failures, never throws. */
function runCalls() {
  if (!isPrimary()) return;
  try {
    const called = callRaces();
    for (const c of called ?? [])
      console.log(`call: race ${c.raceNumber} called, ${c.emails} email(s) queued`);
  } catch (error) {
    console.error("race call failed", error);
  }
}

// Each tick asks again whether this node is the primary: with LiteFS's Consul lease the primary can
// move while the process runs (a replica promoted starts doing the jobs, a demoted primary stops).
function runAutoCancel() {
  if (!isPrimary()) return;
  try {
    const cancelled = autoCancelOrders();
    if (cancelled) console.log(`auto-cancel: cancelled ${cancelled} unpaid order(s) past the due time`);
  } catch (error) {
    console.error("auto-cancel failed", error);
  }
  // Freed entries (cancelled orders, expired holds) go to the waitlist; logs its own failures.
  void serveWaitlistNow()
    .then((offers) => {
      if (offers.length) console.log(`waitlist: ${offers.length} offer(s) made`);
    })
    .catch((error) => console.error("waitlist job failed", error));
}

export function startJobs(): void {
  if (state.__regattaJobs) return;
  setTimeout(runAutoCancel, 1_000).unref();
  state.__regattaAutoCancel = setInterval(runAutoCancel, AUTO_CANCEL_EVERY_MS);
  state.__regattaAutoCancel.unref();
  // The sender serialises its passes and checks isPrimary() itself; never rejects.
  const drainMail = () => {
    if (isPrimary()) void drainMailQueue();
  };
  setTimeout(drainMail, 1_000).unref();
  state.__regattaMailTick = setInterval(drainMail, MAIL_EVERY_MS);
  state.__regattaMailTick.unref();
  setTimeout(runCalls, 2_000).unref();
  state.__regattaCallTick = setInterval(runCalls, env().RACE_CALL_EVERY_MS);
  state.__regattaCallTick.unref();
  setTimeout(runWebhooks, 1_500).unref();
  state.__regattaWebhookTick = setInterval(runWebhooks, WEBHOOK_EVERY_MS);
  state.__regattaWebhookTick.unref();
  const run = () => {
    if (!isPrimary()) return;
    try {
      const removed = cleanup();
      if (
        removed &&
        removed.sessions + removed.tokens + removed.throttles + removed.sentMail + removed.webhookRows > 0
      ) {
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
