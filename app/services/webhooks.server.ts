// Signed webhooks (issue 29 part 4, ADR 0039), the workflows: registering an endpoint (the URL and
// its addresses checked after DNS, a secret made and shown once), and emitting events:
// - result.provisional / result.revised / result.official: written by services/results.server.ts
//   in the transaction that saves or declares the results (an event exists only if the results
//   commit, and is never lost when they do);
// - notice.posted: in models/notice.server.ts's transaction (models/webhooks.server.ts emitNoticePosted);
// - timetable.changed / standings.changed: a watcher in the job loop compares the digest of the
//   open edition's document (models/open-data.server.ts) with the last event's.
// Each body is the API's document for that round, timetable or table, plus {"event","id","createdAt"}.
// Delivery is services/webhook-sender.server.ts, kicked after the commit; the action never waits for it.
import { createHash } from "node:crypto";
import { dataVersion } from "~/lib/data-version.server";
import { db } from "~/lib/db.server";
import { isPrimary } from "~/lib/litefs.server";
import { afterEmit, resolveEndpoint, webhookPolicy } from "~/services/webhook-sender.server";
import type { Actor } from "~/models/audit.server";
import { currentEdition } from "~/models/edition.server";
import { roundResultsJson, standingsJson, timetableJson } from "~/models/open-data.server";
import { emitEvent, hasSubscribers, insertEndpoint, lastDigest } from "~/models/webhooks.server";
import { WEBHOOK_EVENTS, type WebhookEvent } from "~/rules/webhook-fields";
import { newWebhookSecret, type WebhookUrlPolicy } from "~/rules/webhooks";

export { afterEmit };

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

export type RegisterAnswer =
  | { ok: true; id: number; secret: string; url: string }
  | {
      ok: false;
      code: "invalid" | "tooLong" | "scheme" | "credentials" | "https" | "address" | "dns" | "events";
    };

/** Adds an endpoint: the URL checked (syntax, https in production, every address its host resolves
 * to), at least one known event; the secret is returned to be shown once. Audited. */
export async function registerEndpoint(
  actor: Actor,
  rawUrl: string,
  events: readonly string[],
  policy: WebhookUrlPolicy = webhookPolicy(),
): Promise<RegisterAnswer> {
  const wanted = WEBHOOK_EVENTS.filter((e) => events.includes(e));
  if (wanted.length === 0 || wanted.length !== new Set(events).size) return { ok: false, code: "events" };
  const resolved = await resolveEndpoint(rawUrl, policy);
  if (!resolved.ok) return resolved;
  const url = new URL(rawUrl.trim());
  url.hash = "";
  const secret = newWebhookSecret();
  const id = insertEndpoint(actor, url.href, wanted, secret);
  return { ok: true, id, secret, url: url.href };
}

/** A round's results changed (in the results' transaction): result.provisional, result.revised or
 * result.official, with the API's document of the round (read inside the transaction, so it is
 * what commits). Nothing is written when no enabled endpoint wants the event. */
export function emitRoundResults(
  tx: Tx,
  editionId: number,
  roundId: number,
  event: "result.provisional" | "result.revised" | "result.official",
  now = Date.now(),
): number {
  if (!hasSubscribers(event, tx)) return 0;
  // Until the API's document exists for a round (part 3), the round's id alone.
  return emitEvent(tx, event, () => roundResultsJson(editionId, roundId) ?? { roundId }, now);
}

const digestOf = (doc: object) => createHash("sha256").update(JSON.stringify(doc)).digest("hex");

const WATCHED: { event: WebhookEvent; doc: (editionId: number) => object }[] = [
  { event: "timetable.changed", doc: timetableJson },
  { event: "standings.changed", doc: standingsJson },
];

const watch = globalThis as unknown as { __regattaWebhookWatch?: string | null };

/**
 * The watcher (job loop, primary only): for the timetable and the standings of the open edition,
 * when an enabled endpoint wants the event and the document's digest differs from the last such
 * event's, writes an event with the document. Skipped while the database has not changed since
 * the last look. Returns the events written.
 */
export function watchOpenData(now = Date.now()): WebhookEvent[] {
  if (!isPrimary()) return [];
  const before = dataVersion();
  if (before !== null && before === watch.__regattaWebhookWatch) return [];
  const written: WebhookEvent[] = [];
  let deliveries = 0;
  const editionId = currentEdition().id;
  for (const w of WATCHED) {
    if (!hasSubscribers(w.event)) continue;
    const doc = w.doc(editionId);
    const digest = digestOf({ editionId, doc });
    if (digest === lastDigest(w.event)) continue;
    deliveries += db().transaction((tx) => emitEvent(tx, w.event, () => doc, now, digest), {
      behavior: "immediate",
    });
    written.push(w.event);
  }
  // What this look wrote moved the version: the next tick looks again once, and finds it unchanged.
  watch.__regattaWebhookWatch = written.length ? null : before;
  afterEmit(deliveries);
  return written;
}

/** Tests: the watcher looks again at the next call. */
export function resetWatcherForTests(): void {
  watch.__regattaWebhookWatch = null;
}
