// Signed webhooks (issue 29 part 4, ADR 0039): the SQL of webhook_endpoints, webhook_events and
// webhook_deliveries. An event is written once with its whole body, and one delivery row per
// enabled endpoint that wants it, in one INSERT ... SELECT (in the caller's transaction when the
// event comes from a write: the results desk, a notice). The sender (services/webhook-sender.server.ts)
// claims due deliveries with an UPDATE ... RETURNING, as the mail queue does (ADR 0037), so two
// senders never send one delivery at once. Every ADMIN action is audited in its own transaction.
import { and, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { db, schema } from "~/lib/db.server";
import type { WebhookEvent } from "~/rules/webhook-fields";
import { WEBHOOK_EVENTS } from "~/rules/webhook-fields";
import { parseStoredEvents, WEBHOOK_CLAIM_MS, WEBHOOK_DISABLE_AFTER } from "~/rules/webhooks";
import { type Actor, type AuditActor, audit } from "./audit.server";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
type Handle = Tx | ReturnType<typeof db>;

const ep = schema.webhookEndpoints;
const ev = schema.webhookEvents;
const dl = schema.webhookDeliveries;

export const WEBHOOK_AUDIT = {
  created: "webhook.created",
  enabled: "webhook.enabled",
  disabled: "webhook.disabled",
  deleted: "webhook.deleted",
  resent: "webhook.resent",
  autoDisabled: "webhook.auto_disabled",
} as const;

export type EndpointRow = {
  id: number;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  failuresInRow: number;
  disabledAt: number | null;
  createdAt: number;
  /** The newest delivery's last attempt (null: none yet) and its answer. */
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastDelivered: boolean | null;
};

const eventsOf = (json: string) => parseStoredEvents(json, WEBHOOK_EVENTS) as WebhookEvent[];

/** Writes a new endpoint and its audit entry (never the secret); returns its id. */
export function insertEndpoint(
  actor: Actor,
  url: string,
  events: readonly WebhookEvent[],
  secret: string,
): number {
  return db().transaction((tx) => {
    const row = tx
      .insert(ep)
      .values({ url, events: JSON.stringify(events), secret, createdBy: actor.id })
      .returning({ id: ep.id })
      .get();
    audit(tx, actor, {
      action: WEBHOOK_AUDIT.created,
      targetType: "webhook_endpoint",
      targetId: row.id,
      details: { url, events },
    });
    return row.id;
  });
}

function endpointRows(id: number | null): EndpointRow[] {
  // The newest delivery of each endpoint: one correlated read per row on webhook_deliveries_endpoint.
  const rows = db().all<{
    id: number;
    url: string;
    events: string;
    enabled: number;
    failuresInRow: number;
    disabledAt: number | null;
    createdAt: number;
    lastAttemptAt: number | null;
    lastStatus: number | null;
    deliveredAt: number | null;
  }>(sql`
    SELECT e.id AS id, e.url AS url, e.events AS events, e.enabled AS enabled,
      e.failures_in_row AS failuresInRow, e.disabled_at AS disabledAt, e.created_at AS createdAt,
      d.last_attempt_at AS lastAttemptAt, d.last_status AS lastStatus, d.delivered_at AS deliveredAt
    FROM webhook_endpoints e
    LEFT JOIN webhook_deliveries d ON d.id = (
      SELECT max(x.id) FROM webhook_deliveries x WHERE x.endpoint_id = e.id AND x.last_attempt_at IS NOT NULL
    )
    ${id === null ? sql`` : sql`WHERE e.id = ${id}`}
    ORDER BY e.id DESC`);
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: eventsOf(r.events),
    enabled: Boolean(r.enabled),
    failuresInRow: r.failuresInRow,
    disabledAt: r.disabledAt,
    createdAt: r.createdAt,
    lastAttemptAt: r.lastAttemptAt,
    lastStatus: r.lastStatus,
    lastDelivered: r.lastAttemptAt === null ? null : r.deliveredAt !== null,
  }));
}

/** Every endpoint, newest first (ADMIN registers a handful: not paged). */
export function listEndpoints(): EndpointRow[] {
  return endpointRows(null);
}

export function findEndpoint(id: number): EndpointRow | undefined {
  return endpointRows(id)[0];
}

/** Disable or Enable by hand (audited). Enabling starts the failure count again and sends at once
 * the deliveries held back meanwhile (every event since the endpoint was disabled, too). False: no such endpoint, or already so. */
export function setEndpointEnabled(actor: Actor, id: number, enabled: boolean, now = Date.now()): boolean {
  return db().transaction((tx) => {
    const changed = tx
      .update(ep)
      .set(
        enabled
          ? { enabled: true, failuresInRow: 0, disabledAt: null }
          : { enabled: false, disabledAt: new Date(now) },
      )
      .where(and(eq(ep.id, id), eq(ep.enabled, !enabled)))
      .returning({ url: ep.url })
      .get();
    if (!changed) return false;
    if (enabled)
      tx.update(dl)
        .set({ nextAttemptAt: new Date(now) })
        .where(and(eq(dl.endpointId, id), isNull(dl.deliveredAt), isNotNull(dl.nextAttemptAt)))
        .run();
    audit(tx, actor, {
      action: enabled ? WEBHOOK_AUDIT.enabled : WEBHOOK_AUDIT.disabled,
      targetType: "webhook_endpoint",
      targetId: id,
      details: { url: changed.url },
    });
    return true;
  });
}

/** Deletes an endpoint and its delivery log (audited). False: no such endpoint. */
export function deleteEndpoint(actor: Actor, id: number): boolean {
  return db().transaction((tx) => {
    const gone = tx.delete(ep).where(eq(ep.id, id)).returning({ url: ep.url }).get();
    if (!gone) return false;
    audit(tx, actor, {
      action: WEBHOOK_AUDIT.deleted,
      targetType: "webhook_endpoint",
      targetId: id,
      details: { url: gone.url },
    });
    return true;
  });
}

export type DeliveryRow = {
  id: number;
  event: WebhookEvent;
  eventId: string;
  createdAt: number;
  attempts: number;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: number | null;
  nextAttemptAt: number | null;
  /** Being sent now (claimed). */
  sending: boolean;
};

/** An endpoint's delivery log, newest first, paged in SQL (index webhook_deliveries_endpoint). */
export function listDeliveries(
  endpointId: number,
  page: { limit: number; offset: number },
  now = Date.now(),
): { rows: DeliveryRow[]; total: number } {
  const total = db().select({ n: count() }).from(dl).where(eq(dl.endpointId, endpointId)).get()?.n ?? 0;
  const rows = db()
    .select({
      id: dl.id,
      event: ev.event,
      eventId: ev.publicId,
      createdAt: sql<number>`${dl.createdAt}`,
      attempts: dl.attempts,
      lastAttemptAt: sql<number | null>`${dl.lastAttemptAt}`,
      lastStatus: dl.lastStatus,
      lastError: dl.lastError,
      deliveredAt: sql<number | null>`${dl.deliveredAt}`,
      nextAttemptAt: sql<number | null>`${dl.nextAttemptAt}`,
      claimedUntil: sql<number | null>`${dl.claimedUntil}`,
    })
    .from(dl)
    .innerJoin(ev, eq(ev.id, dl.eventId))
    .where(eq(dl.endpointId, endpointId))
    .orderBy(desc(dl.id))
    .limit(page.limit)
    .offset(page.offset)
    .all();
  return {
    total,
    rows: rows.map(({ claimedUntil, ...r }) => ({
      ...r,
      sending: claimedUntil !== null && claimedUntil > now,
    })),
  };
}

/** Resend: the delivery is due at once with a fresh schedule (attempts from 0), whatever it was
 * (delivered, waiting for a retry, given up). Audited. "busy": being sent right now; "gone": not a
 * delivery of this endpoint. */
export function resendDelivery(
  actor: Actor,
  endpointId: number,
  deliveryId: number,
  now = Date.now(),
): "ok" | "busy" | "gone" {
  return db().transaction((tx) => {
    const row = tx
      .select({ id: dl.id, claimedUntil: dl.claimedUntil, attempts: dl.attempts, status: dl.lastStatus })
      .from(dl)
      .where(and(eq(dl.id, deliveryId), eq(dl.endpointId, endpointId)))
      .get();
    if (!row) return "gone";
    if (row.claimedUntil && row.claimedUntil.getTime() > now) return "busy";
    tx.update(dl)
      .set({ attempts: 0, nextAttemptAt: new Date(now), deliveredAt: null, claimedUntil: null })
      .where(eq(dl.id, deliveryId))
      .run();
    audit(tx, actor, {
      action: WEBHOOK_AUDIT.resent,
      targetType: "webhook_delivery",
      targetId: deliveryId,
      details: { endpointId, attempts: row.attempts, lastStatus: row.status },
    });
    return "ok";
  });
}

/** A public event id: "evt_" and 24 hex digits. */
export const newEventId = () => `evt_${randomBytes(12).toString("hex")}`;

/** Whether any endpoint wants `event` (the emitters skip building a body otherwise). A disabled
 * one too: its deliveries wait for Enable (nothing is lost while a receiver is down). */
export function hasSubscribers(event: WebhookEvent, handle: Handle = db()): boolean {
  return Boolean(
    handle.get<{ one: number } | undefined>(sql`
      SELECT 1 AS one FROM webhook_endpoints e
      WHERE EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ${event})
      LIMIT 1`),
  );
}

/**
 * Writes one event (its body, whole) and a due delivery for every endpoint that wants it (a
 * disabled one's waits until Enable: the sender claims only enabled endpoints' deliveries),
 * in `handle` (the caller's transaction: the event exists only if the change that caused it
 * commits). Returns the event's row id and how many deliveries were made.
 */
export function recordEvent(
  handle: Handle,
  e: { publicId: string; event: WebhookEvent; body: string; digest?: string | null; now: number },
): { id: number; deliveries: number } {
  const row = handle
    .insert(ev)
    .values({
      publicId: e.publicId,
      event: e.event,
      body: e.body,
      digest: e.digest ?? null,
      createdAt: new Date(e.now),
    })
    .returning({ id: ev.id })
    .get();
  const made = handle.run(sql`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, created_at, next_attempt_at)
    SELECT e.id, ${row.id}, ${e.now}, ${e.now} FROM webhook_endpoints e
    WHERE EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ${e.event})`);
  return { id: row.id, deliveries: Number(made.changes) };
}

/** The digest of the newest event of a watched kind (index webhook_events_event), or null. */
export function lastDigest(event: WebhookEvent): string | null {
  return (
    db().select({ digest: ev.digest }).from(ev).where(eq(ev.event, event)).orderBy(desc(ev.id)).limit(1).get()
      ?.digest ?? null
  );
}

export type ClaimedDelivery = {
  id: number;
  attempts: number;
  endpointId: number;
  url: string;
  secret: string;
  event: WebhookEvent;
  body: string;
};

const dueNow = (now: number) =>
  and(
    isNull(dl.deliveredAt),
    isNotNull(dl.nextAttemptAt),
    lte(dl.nextAttemptAt, new Date(now)),
    or(isNull(dl.claimedUntil), lte(dl.claimedUntil, new Date(now))),
  );

/** Takes up to `limit` due deliveries of enabled endpoints for this sender (their attempt counted,
 * claimed for WEBHOOK_CLAIM_MS): a read on the partial index webhook_deliveries_due, then one
 * UPDATE ... RETURNING that checks again that each is due and unclaimed (atomic between processes). */
export function claimDueDeliveries(limit: number, now = Date.now()): ClaimedDelivery[] {
  const ids = db()
    .select({ id: dl.id })
    .from(dl)
    .innerJoin(ep, eq(ep.id, dl.endpointId))
    .where(and(dueNow(now), eq(ep.enabled, true)))
    .orderBy(dl.nextAttemptAt, dl.id)
    .limit(limit)
    .all()
    .map((r) => r.id);
  if (ids.length === 0) return [];
  const claimed = db()
    .update(dl)
    .set({
      attempts: sql`${dl.attempts} + 1`,
      claimedUntil: new Date(now + WEBHOOK_CLAIM_MS),
      lastAttemptAt: new Date(now),
    })
    .where(and(inArray(dl.id, ids), dueNow(now)))
    .returning({ id: dl.id })
    .all()
    .map((r) => r.id);
  if (claimed.length === 0) return [];
  return db()
    .select({
      id: dl.id,
      attempts: dl.attempts,
      endpointId: ep.id,
      url: ep.url,
      secret: ep.secret,
      event: ev.event,
      body: ev.body,
    })
    .from(dl)
    .innerJoin(ep, eq(ep.id, dl.endpointId))
    .innerJoin(ev, eq(ev.id, dl.eventId))
    .where(inArray(dl.id, claimed))
    .orderBy(dl.id)
    .all();
}

/** The earliest time a delivery of an enabled endpoint is due (null: none waiting). */
export function nextDueAt(): number | null {
  const row = db()
    .select({ at: sql<number | null>`min(${dl.nextAttemptAt})` })
    .from(dl)
    .where(and(isNull(dl.deliveredAt), isNotNull(dl.nextAttemptAt)))
    .get();
  return row?.at ?? null;
}

/** Delivered: never sent again (unless resent); the endpoint's failures in a row start again. */
export function markDelivered(id: number, endpointId: number, status: number, now = Date.now()): void {
  db().transaction((tx) => {
    tx.update(dl)
      .set({
        deliveredAt: new Date(now),
        nextAttemptAt: null,
        claimedUntil: null,
        lastStatus: status,
        lastError: null,
      })
      .where(eq(dl.id, id))
      .run();
    tx.update(ep).set({ failuresInRow: 0 }).where(eq(ep.id, endpointId)).run();
  });
}

/**
 * The attempt failed: retried at `nextAt` (null: given up), the answer's status (null: none) and
 * why kept. The endpoint's failures in a row go up; the one that reaches WEBHOOK_DISABLE_AFTER
 * disables it (once, audited as the system) and `onDisabled` runs in the same transaction (the
 * sender queues ADMIN's emails there). Returns whether this failure disabled it.
 */
export function markFailed(
  d: { id: number; endpointId: number },
  outcome: { status: number | null; error: string; nextAt: number | null },
  onDisabled: (tx: Tx, endpoint: { id: number; url: string; failures: number }) => void,
  now = Date.now(),
): boolean {
  return db().transaction((tx) => {
    tx.update(dl)
      .set({
        nextAttemptAt: outcome.nextAt === null ? null : new Date(outcome.nextAt),
        claimedUntil: null,
        lastStatus: outcome.status,
        lastError: outcome.error.slice(0, 500),
      })
      .where(eq(dl.id, d.id))
      .run();
    const after = tx
      .update(ep)
      .set({ failuresInRow: sql`${ep.failuresInRow} + 1` })
      .where(eq(ep.id, d.endpointId))
      .returning({ failures: ep.failuresInRow, enabled: ep.enabled, url: ep.url })
      .get();
    if (!after?.enabled || after.failures < WEBHOOK_DISABLE_AFTER) return false;
    tx.update(ep)
      .set({ enabled: false, disabledAt: new Date(now) })
      .where(eq(ep.id, d.endpointId))
      .run();
    const system: AuditActor = { id: null, name: "System", email: "system" };
    audit(tx, system, {
      action: WEBHOOK_AUDIT.autoDisabled,
      targetType: "webhook_endpoint",
      targetId: d.endpointId,
      details: { url: after.url, failures: after.failures },
    });
    onDisabled(tx, { id: d.endpointId, url: after.url, failures: after.failures });
    return true;
  });
}

/** Every ADMIN account (the disabled-endpoint email). */
export function admins(handle: Handle = db()): { email: string; name: string; locale: string }[] {
  return handle
    .select({ email: schema.users.email, name: schema.users.name, locale: schema.users.locale })
    .from(schema.users)
    .where(eq(schema.users.role, "ADMIN"))
    .all();
}

/** The JSON sent: {"event","id","createdAt"} first, then the document's own fields (never
 * overriding those three). */
export function eventBody(event: WebhookEvent, publicId: string, createdAt: number, doc: object): string {
  const body: Record<string, unknown> = { event, id: publicId, createdAt: new Date(createdAt).toISOString() };
  for (const [k, v] of Object.entries(doc)) if (!(k in body)) body[k] = v;
  return JSON.stringify(body);
}

/** Writes an event whose body is `doc()` plus the envelope, and its deliveries; returns how many. */
export function emitEvent(
  handle: Handle,
  event: WebhookEvent,
  doc: () => object,
  now: number,
  digest?: string,
): number {
  const publicId = newEventId();
  return recordEvent(handle, { publicId, event, body: eventBody(event, publicId, now, doc()), digest, now })
    .deliveries;
}

/** A notice was posted (in its transaction): its text and time, never who posted it. Nothing is
 * written when no enabled endpoint wants notice.posted. */
export function emitNoticePosted(
  tx: Handle,
  notice: { id: number; text: string; createdAt: number },
  now = Date.now(),
): number {
  if (!hasSubscribers("notice.posted", tx)) return 0;
  return emitEvent(
    tx,
    "notice.posted",
    () => ({
      notice: { id: notice.id, text: notice.text, postedAt: new Date(notice.createdAt).toISOString() },
    }),
    now,
  );
}

/** Delivered and given-up deliveries, and events, are kept this long (the delivery log's history). */
export const WEBHOOK_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * The job loop's hourly cleanup: deliveries done (delivered or given up) created before `before`,
 * then events before it that no delivery needs any more, except the newest event of each kind
 * (the watcher compares the next digest with it). Returns how many rows went.
 */
export function deleteOldWebhookRows(before: number): number {
  const deliveries = db().run(sql`
    DELETE FROM webhook_deliveries
    WHERE created_at < ${before} AND (delivered_at IS NOT NULL OR next_attempt_at IS NULL)`).changes;
  const events = db().run(sql`
    DELETE FROM webhook_events
    WHERE created_at < ${before}
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)
      AND id <> (SELECT MAX(id) FROM webhook_events newest WHERE newest.event = webhook_events.event)`).changes;
  return Number(deliveries) + Number(events);
}

// ---------------------------------------------------------------------------------------------
// Rows as given (the test factories; ADMIN uses insertEndpoint and the functions above)

/** An endpoint row as given, no audit entry.
 * @testOnly test factories only: no audit entry. */
export function insertEndpointRow(values: typeof ep.$inferInsert): typeof ep.$inferSelect {
  return db().insert(ep).values(values).returning().get();
}

/** An event row as given, with no delivery.
 * @testOnly test factories only: no delivery made. */
export function insertEventRow(values: typeof ev.$inferInsert): typeof ev.$inferSelect {
  return db().insert(ev).values(values).returning().get();
}

/** A delivery row as given.
 * @testOnly test factories only: a delivery row as given. */
export function insertDeliveryRow(values: typeof dl.$inferInsert): typeof dl.$inferSelect {
  return db().insert(dl).values(values).returning().get();
}

/** Makes a delivery due at `at` (ms), whatever its back-off.
 * @testOnly test data only: skips the back-off. */
export function setDeliveryDue(id: number, at: number): void {
  db()
    .update(dl)
    .set({ nextAttemptAt: new Date(at) })
    .where(eq(dl.id, id))
    .run();
}

/** Deletes an endpoint and its deliveries, no audit entry.
 * @testOnly test data only: deletes an endpoint and its deliveries, no audit entry. */
export function removeEndpointRow(id: number): void {
  db().transaction((tx) => {
    tx.delete(dl).where(eq(dl.endpointId, id)).run();
    tx.delete(ep).where(eq(ep.id, id)).run();
  });
}
