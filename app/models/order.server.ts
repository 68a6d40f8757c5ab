// Orders and payments: every change is one transaction. An order and its lines are created
// together; a payment result is logged (forged ones counted and sampled) and moves the order at most once; the
// order's effects (crew tag fees paid, event teams created) are applied exactly once, guarded
// by orders.effects_applied_at; staff changes are audited with the change.
//
// Editions (issue 21): an order belongs to the edition it was bought in (orders.edition_id, set
// here from the caller's edition). Every function that creates, lists or moves orders takes that
// edition; a by-id change of an order of another edition answers as for a missing order. A payment
// notice finds its order by its reference alone (any edition: a late payment of last year's order)
// and, when the order's edition is archived, only logs it (the triggers refuse any change).
import { and, count, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { OrderLineKind, OrderStatus } from "../../db/enums";
import { type Actor, audit } from "./audit.server";
import { randomToken } from "~/lib/crypto.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { nextTeamNames } from "~/rules/entries";
import { type Failure, fail, type Outcome } from "~/rules/failure";
import { toMalaysiaLocal } from "~/rules/format";
import { adminMaySet, type DraftLine, draftTotal, managerMayCancel, paymentTransition } from "~/rules/orders";
import { paymentRef, repeatsResult, returnShape, tokenTag } from "~/rules/payment-ref";
import { now as clockNow } from "~/lib/clock.server";

const o = schema.orders;
const l = schema.orderLines;
type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

export type CreatedOrder = { id: number; token: string; total: number; replaced: number[] };

/** The order `orderId` when it is of edition `editionId` (a forged or stale id of another edition
 * is not found). */
const inEdition = (editionId: number, orderId: number) => and(eq(o.id, orderId), eq(o.editionId, editionId));

/** Creates a PROCESSING order with its lines (prices as the server computed them). `replaces`:
 * the club's earlier open orders of the kind that supersedeOpenOrders cancelled in this
 * transaction; each is marked replaced by the new one, and the change is audited. */
export function createOrder(
  editionId: number,
  ownerId: number,
  lines: DraftLine[],
  tx?: Tx,
  replaces: number[] = [],
): CreatedOrder {
  const run = (t: Tx) => {
    const order = t
      .insert(o)
      .values({ ownerId, editionId, status: "PROCESSING", token: randomToken(24) })
      .returning()
      .get();
    if (replaces.length) {
      t.update(o).set({ replacedBy: order.id }).where(inArray(o.id, replaces)).run();
      const owner = t
        .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email })
        .from(schema.users)
        .where(eq(schema.users.id, ownerId))
        .get();
      for (const id of replaces) {
        audit(t, owner ?? { id: ownerId, name: "", email: "" }, {
          action: "order.replaced",
          targetType: "order",
          targetId: id,
          details: { from: "PROCESSING", to: "CANCELLED", replacedBy: order.id },
          editionId,
        });
      }
    }
    t.insert(l)
      .values(
        lines.map((line) => ({
          kind: line.kind,
          count: line.count,
          price: line.price,
          orderId: order.id,
          eventId: line.eventId ?? null,
          userId: line.userId ?? null,
        })),
      )
      .run();
    return { id: order.id, token: order.token, total: draftTotal(lines), replaced: replaces };
  };
  return tx ? run(tx) : db().transaction(run);
}

/** Members (of these ids) already in a PROCESSING order's crew tag fee lines; with `exceptClub`,
 * not counting that club's own orders (its next checkout cancels them: supersedeOpenOrders). */
export function membersInOpenOrders(
  editionId: number,
  userIds: number[],
  tx: Pick<Tx, "select"> = db(),
  exceptClub: number | null = null,
): Set<number> {
  if (userIds.length === 0) return new Set();
  const rows = tx
    .select({ userId: l.userId })
    .from(l)
    .innerJoin(o, eq(o.id, l.orderId))
    .innerJoin(schema.users, eq(schema.users.id, o.ownerId))
    .where(
      and(
        eq(l.kind, "MEMBERSHIP"),
        eq(o.status, "PROCESSING"),
        eq(o.editionId, editionId),
        inArray(l.userId, userIds),
        exceptClub === null ? undefined : sql`${schema.users.associationId} IS NOT ${exceptClub}`,
      ),
    )
    .all();
  return new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null));
}

/** The Processing orders of `kind` of `ownerId`'s club (theirs, or any other manager's of the
 * club), oldest first: what a checkout of that kind would cancel (the dialog says so). */
export function openOrdersOfClub(
  editionId: number,
  ownerId: number,
  kind: OrderLineKind,
  handle: Pick<Tx, "all"> = db(),
): number[] {
  return handle
    .all<{ id: number }>(sql`
      SELECT o.id FROM orders o JOIN users u ON u.id = o.owner_id
      WHERE o.status = 'PROCESSING' AND o.edition_id = ${editionId}
        AND (u.id = ${ownerId} OR u.association_id = (SELECT association_id FROM users WHERE id = ${ownerId}))
        AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.kind = ${kind})
      ORDER BY o.id
    `)
    .map((r) => r.id);
}

/**
 * One open order of each kind per club (docs/decisions/0026-no-hoarding.md). Inside the caller's
 * immediate transaction, before its cap check and `createOrder`: cancels the Processing orders of
 * `kind` (crew tag fee MEMBERSHIP, event entries EVENT, dinner tickets TICKET) owned by anyone of
 * `ownerId`'s club (orders.owner_id -> users.association_id; an owner without a club: their own
 * orders), so their held entries count as free for the new order; returns their ids, for
 * `createOrder(..., replaces)`. A late success on such an order still makes it PAID
 * (paymentTransition): the money was taken. The caller serves the waitlist after the commit when
 * EVENT orders were cancelled (serveWaitlistSoon).
 */
export function supersedeOpenOrders(
  editionId: number,
  tx: Tx,
  ownerId: number,
  kind: OrderLineKind,
  now = new Date(clockNow()),
): number[] {
  const ids = openOrdersOfClub(editionId, ownerId, kind, tx);
  if (ids.length === 0) return [];
  tx.update(o)
    .set({ status: "CANCELLED", updatedAt: now })
    .where(and(inArray(o.id, ids), eq(o.status, "PROCESSING")))
    .run();
  return ids;
}

/** The order's effects, once: crew tag fees paid for its MEMBERSHIP lines, event teams for its
 * EVENT lines. Returns false when they were applied before. */
function applyEffects(tx: Tx, orderId: number, now: Date): boolean {
  const claimed = tx
    .update(o)
    .set({ effectsAppliedAt: now })
    .where(and(eq(o.id, orderId), isNull(o.effectsAppliedAt)))
    .run().changes;
  if (claimed === 0) return false;
  const members = tx
    .select({ userId: l.userId })
    .from(l)
    .where(and(eq(l.orderId, orderId), eq(l.kind, "MEMBERSHIP")))
    .all()
    .map((r) => r.userId)
    .filter((id): id is number => id !== null);
  if (members.length) {
    tx.update(schema.users)
      .set({ membershipPaid: true, updatedAt: now })
      .where(inArray(schema.users.id, members))
      .run();
  }
  createEventTeams(tx, orderId);
  return true;
}

/**
 * The event teams an order's EVENT lines paid for: `count` teams per line, named after the buyer's
 * club with the next free letters (rules/entries.ts nextTeamNames). Tickets need no effect: paid
 * TICKET lines are counted where they are shown.
 */
function createEventTeams(tx: Tx, orderId: number) {
  const lines = tx
    .select({ eventId: l.eventId, count: l.count })
    .from(l)
    .where(and(eq(l.orderId, orderId), eq(l.kind, "EVENT")))
    .all();
  if (lines.length === 0) return;
  const club = tx
    .select({ id: schema.associations.id, name: schema.associations.name })
    .from(o)
    .innerJoin(schema.users, eq(schema.users.id, o.ownerId))
    .innerJoin(schema.associations, eq(schema.associations.id, schema.users.associationId))
    .where(eq(o.id, orderId))
    .get();
  if (!club) return; // an owner without a club cannot buy entries; nothing to create
  for (const line of lines) {
    if (line.eventId === null || line.count <= 0) continue;
    const existing = tx
      .select({ name: schema.teams.name })
      .from(schema.teams)
      .where(eq(schema.teams.eventId, line.eventId))
      .all()
      .map((t) => t.name);
    tx.insert(schema.teams)
      .values(
        nextTeamNames(club.name, existing, line.count).map((name) => ({
          name,
          associationId: club.id,
          eventId: line.eventId as number,
        })),
      )
      .run();
  }
}

export type PaymentCall = {
  statusId: string;
  /** The `order_id` as received: our reference (rules/payment-ref.ts) when genuine. */
  orderId: string;
  msg: string;
  transactionId: string;
  /** The provider's hash checked out. */
  verified: boolean;
  source: "return" | "callback";
  /** The client's address (throttle.server clientAddress), for counting refused calls. */
  address?: string;
};

export type PaymentOutcome =
  | { kind: "forged" }
  | { kind: "unknownOrder" }
  | {
      kind: "applied";
      orderId: number;
      /** The order's edition. */
      editionId: number;
      from: OrderStatus;
      to: OrderStatus;
      effectsApplied: boolean;
    }
  | { kind: "unchanged"; orderId: number; status: OrderStatus; repeat: boolean }
  /** A verified result for an order of an archived edition (paid late): logged, nothing changed
   * (the edition is read-only); the payer is told to contact the committee. */
  | { kind: "archived"; orderId: number; editionId: number; editionName: string };

/** Refused calls kept in full in payment_logs, per day (Malaysia time); the rest are only counted. */
export const REJECT_SAMPLES_PER_DAY = 50;
/** Addresses counted one by one per day, source and reason; beyond this they share the address "*". */
export const REJECT_ADDRESSES_PER_DAY = 1000;
/** Verified calls logged in full per order and status id; repeats beyond are only counted. */
export const RESULTS_LOGGED_PER_STATUS = 20;

const mytDay = (now: Date) => toMalaysiaLocal(now.getTime()).slice(0, 10);

/**
 * A call counted, not stored: one counter row per day, source, reason and address goes up. A
 * refused one ("forged": its shape or its hash is wrong) is also stored in full while the day has
 * had at most REJECT_SAMPLES_PER_DAY of them. So a flood costs a bounded number of rows, and ADMIN
 * still sees that (and from where) it came.
 */
function countCall(tx: Tx, call: PaymentCall, reason: "forged" | "repeat", now: Date) {
  const r = schema.paymentRejects;
  const day = mytDay(now);
  const bucket = and(eq(r.day, day), eq(r.source, call.source), eq(r.reason, reason));
  let address = (call.address ?? "local").slice(0, 100);
  const known = tx
    .select({ calls: r.calls })
    .from(r)
    .where(and(bucket, eq(r.address, address)))
    .get();
  if (!known) {
    const addresses = tx.select({ n: count() }).from(r).where(bucket).get();
    if ((addresses?.n ?? 0) >= REJECT_ADDRESSES_PER_DAY) address = "*";
  }
  tx.insert(r)
    .values({ day, source: call.source, reason, address, calls: 1, lastAt: now })
    .onConflictDoUpdate({
      target: [r.day, r.source, r.reason, r.address],
      set: { calls: sql`${r.calls} + 1`, lastAt: now },
    })
    .run();
  if (reason !== "forged") return;
  const today = tx
    .select({ n: sql<number>`COALESCE(SUM(${r.calls}), 0)` })
    .from(r)
    .where(and(eq(r.day, day), eq(r.reason, "forged")))
    .get();
  if ((today?.n ?? 0) <= REJECT_SAMPLES_PER_DAY) logCall(tx, call, false, now);
}

/** Logs a call in full; `editionId`: its order's edition (unknown: the open one, migration 0018). */
function logCall(tx: Tx, call: PaymentCall, verified: boolean, now: Date, editionId?: number) {
  tx.insert(schema.paymentLogs)
    .values({
      editionId,
      statusId: call.statusId.slice(0, 20),
      msg: call.msg.slice(0, 200),
      transactionId: call.transactionId.slice(0, 100),
      orderId: call.orderId.slice(0, 100),
      verified,
      source: call.source,
      createdAt: now,
    })
    .run();
}

/**
 * One payment return or callback, idempotent.
 * - Refused (shape or hash wrong: rules/payment-ref.ts returnShape, the provider's verify): counted,
 *   sampled (countCall), nothing else.
 * - Verified: logged in full (a repeat of a result already logged RESULTS_LOGGED_PER_STATUS times
 *   only counted); the order is the one with the reference's id AND token tag.
 * - A result already received for the order (same status and transaction id, or the same signed
 *   tail: rules/payment-ref.ts repeatsResult) changes nothing: a saved return or callback posted
 *   again after ADMIN set the status by hand leaves ADMIN's status standing, and return and
 *   callback of one payment act once, in either order.
 * - Otherwise the order moves as `paymentTransition` allows; the status check and the update are
 *   one statement inside one transaction, so return and callback racing each other move it once.
 * - An order of an ARCHIVED edition (paid after its edition closed): logged with its edition,
 *   nothing else (the edition is read-only: migration 0018's triggers refuse any change).
 * The log entry gets the order's edition.
 */
export function recordPayment(call: PaymentCall, now = new Date(clockNow())): PaymentOutcome {
  return db().transaction(
    (tx) => {
      const shape = returnShape({
        status_id: call.statusId,
        order_id: call.orderId,
        transaction_id: call.transactionId,
      });
      if (!call.verified || !shape) {
        countCall(tx, call, "forged", now);
        return { kind: "forged" as const };
      }
      const p = schema.paymentLogs;
      // Every verified result logged for this reference and status (index payment_logs_result,
      // migration 0021), narrowed in SQL to those this call would repeat; repeatsResult decides. Not
      // a window of the first few: a flood of re-splits must not push a later genuine result out
      // of sight (issue 27).
      const mine = and(eq(p.orderId, call.orderId), eq(p.statusId, call.statusId), eq(p.verified, true));
      const matches = tx
        .select({ statusId: p.statusId, transactionId: p.transactionId, msg: p.msg })
        .from(p)
        .where(
          and(
            mine,
            or(
              eq(p.transactionId, call.transactionId),
              sql`${p.transactionId} || ${p.msg} = ${call.transactionId + call.msg}`,
            ),
          ),
        )
        .limit(1)
        .all();
      const repeat = repeatsResult(matches, call);
      const found = tx.select().from(o).where(eq(o.id, shape.ref.orderId)).get();
      const order = found && tokenTag(found.token) === shape.ref.tag ? found : undefined;
      const logged = repeat ? (tx.select({ n: count() }).from(p).where(mine).get()?.n ?? 0) : 0;
      if (repeat && logged >= RESULTS_LOGGED_PER_STATUS) countCall(tx, call, "repeat", now);
      else logCall(tx, call, true, now, order?.editionId ?? undefined);
      if (!order) return { kind: "unknownOrder" as const };
      const edition =
        order.editionId === null
          ? undefined
          : tx
              .select({ id: schema.editions.id, name: schema.editions.name, state: schema.editions.state })
              .from(schema.editions)
              .where(eq(schema.editions.id, order.editionId))
              .get();
      if (edition?.state === "ARCHIVED")
        return {
          kind: "archived" as const,
          orderId: order.id,
          editionId: edition.id,
          editionName: edition.name,
        };
      const next = repeat ? null : paymentTransition(order.status, call.statusId);
      if (!next) return { kind: "unchanged" as const, orderId: order.id, status: order.status, repeat };
      tx.update(o)
        .set({ status: next, updatedAt: now, transactionId: call.transactionId || order.transactionId })
        .where(and(eq(o.id, order.id), eq(o.status, order.status)))
        .run();
      const effectsApplied = next === "PAID" ? applyEffects(tx, order.id, now) : false;
      return {
        kind: "applied" as const,
        orderId: order.id,
        editionId: order.editionId ?? 0,
        from: order.status,
        to: next,
        effectsApplied,
      };
    },
    { behavior: "immediate" },
  );
}

/** The reference sent to the payment provider for this order (tests, and the checkout via
 * rules/payment-ref.ts paymentRef), or null for an unknown order. */
export function paymentRefOf(orderId: number): string | null {
  const order = db().select({ id: o.id, token: o.token }).from(o).where(eq(o.id, orderId)).get();
  return order ? paymentRef(order) : null;
}

/** A manager cancels their own Processing order; "notCancellable": not theirs, not of the edition,
 * or no longer Processing (nothing changes). */
export function cancelOwnOrder(
  editionId: number,
  ownerId: number,
  orderId: number,
  now = new Date(clockNow()),
): Outcome<object, "notCancellable"> {
  return db().transaction(
    (tx): Outcome<object, "notCancellable"> => {
      const order = tx
        .select()
        .from(o)
        .where(and(inEdition(editionId, orderId), eq(o.ownerId, ownerId)))
        .get();
      if (!order || !managerMayCancel(order.status)) return fail("notCancellable");
      tx.update(o)
        .set({ status: "CANCELLED", updatedAt: now })
        .where(and(eq(o.id, orderId), eq(o.status, "PROCESSING")))
        .run();
      return { ok: true };
    },
    { behavior: "immediate" },
  );
}

/** What setOrderStatus answers: the change, or "stale" (no such order in the edition, or the status
 * is already `to`) or "overCap" (back to Processing, the first event with too few entries left). */
export type StatusChange =
  | { ok: true; from: OrderStatus; effectsKept: boolean }
  | Failure<"stale">
  | Failure<"overCap", { eventName: string; left: number }>;

/**
 * Admin sets a status (any but the current). Setting PAID applies the effects once; leaving PAID
 * reverses nothing (fees stay paid): the result says so, for the toast.
 */
export function setOrderStatus(
  editionId: number,
  actor: Actor,
  orderId: number,
  to: OrderStatus,
  now = new Date(clockNow()),
): StatusChange {
  return db().transaction(
    (tx): StatusChange => {
      const order = tx.select().from(o).where(inEdition(editionId, orderId)).get();
      if (!order || !adminMaySet(order.status, to)) return fail("stale");
      // Back to PROCESSING, an order holds its entries again: only if they are still free (a PAID
      // order, by contrast, is money taken and is honoured like a late payment: ADR 0015).
      if (to === "PROCESSING" && !order.effectsAppliedAt) {
        const short = entriesShortOf(tx, orderId, now);
        if (short) return fail("overCap", short);
      }
      tx.update(o).set({ status: to, updatedAt: now }).where(eq(o.id, orderId)).run();
      const effectsApplied = to === "PAID" ? applyEffects(tx, orderId, now) : false;
      audit(tx, actor, {
        action: "order.status",
        targetType: "order",
        targetId: orderId,
        details: { from: order.status, to, effectsApplied },
        editionId,
      });
      return {
        ok: true,
        from: order.status,
        effectsKept: order.status === "PAID" && Boolean(order.effectsAppliedAt),
      };
    },
    { behavior: "immediate" },
  );
}

/** The first event of the order's EVENT lines that has fewer entries left than the line asks
 * for (paid teams, other Processing orders and live waitlist offers counted), or null. */
function entriesShortOf(tx: Tx, orderId: number, now: Date): { eventName: string; left: number } | null {
  const row = tx.get<{ eventName: string; left: number }>(sql`
    SELECT e.name AS eventName,
      MAX(0, e.max_team
        - (SELECT COUNT(*) FROM teams t WHERE t.event_id = e.id)
        - (SELECT COALESCE(SUM(l2.count), 0) FROM order_lines l2 JOIN orders o2 ON o2.id = l2.order_id
            WHERE l2.event_id = e.id AND l2.kind = 'EVENT' AND o2.status = 'PROCESSING'
              AND o2.effects_applied_at IS NULL AND o2.id <> ${orderId})
        - (SELECT COALESCE(SUM(h.held), 0) FROM waitlist h
            WHERE h.event_id = e.id AND h.status = 'OFFERED' AND h.hold_until > ${now.getTime()})) AS "left",
      l.count AS wanted
    FROM order_lines l JOIN events e ON e.id = l.event_id
    WHERE l.order_id = ${orderId} AND l.kind = 'EVENT'
    GROUP BY l.id
    HAVING wanted > "left"
    LIMIT 1
  `);
  return row ? { eventName: row.eventName, left: row.left } : null;
}

export function addOrderNote(
  editionId: number,
  actor: Actor,
  orderId: number,
  note: string,
  now = new Date(clockNow()),
) {
  return db().transaction(
    (tx) => {
      const order = tx.select({ id: o.id }).from(o).where(inEdition(editionId, orderId)).get();
      if (!order) return null;
      const row = tx
        .insert(schema.orderNotes)
        .values({
          orderId,
          note,
          userId: actor.id,
          author: actor.name || actor.email,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      audit(tx, actor, {
        action: "order.note",
        targetType: "order",
        targetId: orderId,
        details: { noteId: row.id },
        editionId,
      });
      return row;
    },
    { behavior: "immediate" },
  );
}

/**
 * Cancels every PROCESSING order of the edition older than the due hours, in one statement: an
 * order a late callback has just paid is no longer PROCESSING and is left alone.
 */
export function cancelOverdueOrders(editionId: number, dueHours: number, now = new Date(clockNow())): number {
  const cutoff = new Date(now.getTime() - dueHours * 3_600_000);
  return db()
    .update(o)
    .set({ status: "CANCELLED", updatedAt: now })
    .where(and(eq(o.editionId, editionId), eq(o.status, "PROCESSING"), lt(o.createdAt, cutoff)))
    .run().changes;
}

/** An order with its lines (labels: member name, event name, 'Dinner Ticket') and total. */
export function orderDetails(editionId: number, orderId: number) {
  const order = db().select().from(o).where(inEdition(editionId, orderId)).get();
  if (!order) return null;
  const lines = db()
    .select({
      id: l.id,
      kind: l.kind,
      price: l.price,
      count: l.count,
      userId: l.userId,
      eventId: l.eventId,
      label: sql<string>`CASE ${l.kind}
        WHEN 'MEMBERSHIP' THEN (SELECT name FROM users WHERE id = ${l.userId})
        WHEN 'EVENT' THEN (SELECT name FROM events WHERE id = ${l.eventId})
        ELSE 'Dinner Ticket' END`,
    })
    .from(l)
    .where(eq(l.orderId, orderId))
    .orderBy(l.id)
    .all();
  const notes = db()
    .select()
    .from(schema.orderNotes)
    .where(eq(schema.orderNotes.orderId, orderId))
    .orderBy(schema.orderNotes.createdAt)
    .all();
  return { order, lines, notes, total: draftTotal(lines) };
}

/**
 * An order row as given, with its lines and notes, in one transaction: no audit, no effects
 * applied, no rule checked (the seeds and the test factories: an order in any status, made at any
 * time; checkouts use createOrder). An `editionId` left out is the open edition's (migration
 * 0018's trigger, as for any insert without one).
 * @testOnly seeds and test factories only: an order in any status, no audit, no rule checked.
 */
export function insertOrderRow(
  values: typeof o.$inferInsert,
  lines: Omit<typeof l.$inferInsert, "orderId">[] = [],
  notes: Omit<typeof schema.orderNotes.$inferInsert, "orderId">[] = [],
): { id: number; token: string } {
  return db().transaction((tx) => {
    // Only id and token: RETURNING runs before the edition trigger fills edition_id in.
    const order = tx.insert(o).values(values).returning({ id: o.id, token: o.token }).get();
    if (lines.length)
      tx.insert(l)
        .values(lines.map((line) => ({ ...line, orderId: order.id })))
        .run();
    if (notes.length)
      tx.insert(schema.orderNotes)
        .values(notes.map((note) => ({ ...note, orderId: order.id })))
        .run();
    return order;
  });
}

/** A payment log row as given (the test factories; the provider's calls go through recordPayment).
 * An `editionId` left out is the open edition's (migration 0018's trigger).
 * @testOnly seeds and test factories only: a payment log row as given. */
export function insertPaymentLog(values: typeof schema.paymentLogs.$inferInsert): void {
  db().insert(schema.paymentLogs).values(values).run();
}

/** Orders as given, ids included, each with its lines (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertOrders(
  rows: { order: typeof o.$inferInsert & { id: number }; lines: Omit<typeof l.$inferInsert, "orderId">[] }[],
): void {
  insertRows(
    o,
    rows.map((row) => row.order),
  );
  insertRows(
    l,
    rows.flatMap((row) => row.lines.map((line) => ({ ...line, orderId: row.order.id }))),
  );
}

/** Payment log rows as given (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertPaymentLogs(rows: (typeof schema.paymentLogs.$inferInsert)[]): void {
  insertRows(schema.paymentLogs, rows);
}

/** Order note rows as given (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertOrderNotes(rows: (typeof schema.orderNotes.$inferInsert)[]): void {
  insertRows(schema.orderNotes, rows);
}

/** Every EVENT line of an event at this price, no audit entry (the seeds: an event repriced, and
 * the entries already bought of it with it).
 * @testOnly seeds only: rewrites bought lines' prices, no audit entry. */
export function repriceEventLines(eventId: number, price: number): void {
  db()
    .update(l)
    .set({ price })
    .where(and(eq(l.kind, "EVENT"), eq(l.eventId, eventId)))
    .run();
}

/** Sets an order's columns as given, nothing else: no audit entry, no effects applied (the seeds:
 * an order as if bought through the payment provider; the app moves orders with setOrderStatus and
 * recordPayment).
 * @testOnly seeds only: sets an order's columns, no audit entry, no effects applied. */
export function setOrderColumns(id: number, values: Partial<typeof o.$inferInsert>): void {
  db().update(o).set(values).where(eq(o.id, id)).run();
}
