// One open (Processing) order of each kind per club (issue 18 section 3, ADR 0026), against a real
// SQLite file: a new checkout of a kind cancels the club's earlier unpaid order of that kind (any
// manager's of the club) in the same transaction as the cap check and the creation, marks it
// replaced and audits it; the entries it held are free again (for this checkout, then for the
// waitlist); other clubs' orders and the club's orders of other kinds are untouched; a refused
// checkout leaves the earlier order standing; a late success on a replaced order is still honoured.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { checkoutEntries, entriesDraft, joinWaitlist, serveWaitlist } from "~/models/entries.server";
import { listOrders } from "~/models/order-list.server";
import { openOrdersOfClub, paymentRefOf, recordPayment } from "~/models/order.server";
import { checkoutMembership } from "~/models/member.server";
import { checkoutTickets } from "~/models/ticket.server";
import type { User } from "~/models/user.server";
import { club, event as makeEvent, manager, uniq } from "../factories";

const PRICE = { ticketPriceSen: 8000 };

/** A verified, approved MANAGER of the club unless told otherwise. */
const person = (associationId: number, values: Partial<typeof schema.users.$inferInsert> = {}): User =>
  manager(associationId, { verified: true, ...values });
const event = (maxTeam: number) => makeEvent({ price: 15000, maxTeam });
const orderOf = (id: number) => db().select().from(schema.orders).where(eq(schema.orders.id, id)).get()!;
function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result as Extract<T, { ok: true }>;
}
const auditOf = (orderId: number) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, "order.replaced"), eq(schema.auditLog.targetId, String(orderId))))
    .all();

describe("dinner tickets: one open order per club", () => {
  it("a second checkout (by another manager of the club) cancels the first; other clubs and kinds are untouched", () => {
    const c = club();
    const [a, b] = [person(c.id), person(c.id)];
    const other = club();
    const stranger = person(other.id);
    const e = event(10);
    const entries = ok(checkoutEntries(1, a, c.scope, [{ eventId: e.id, teams: 1 }]));
    const theirs = ok(checkoutTickets(1, stranger, 5, PRICE));
    const first = ok(checkoutTickets(1, a, 3, PRICE));
    expect(first.order.replaced).toEqual([]);
    expect(openOrdersOfClub(1, b.id, "TICKET")).toEqual([first.order.id]);
    const second = ok(checkoutTickets(1, b, 2, PRICE));
    expect(second.order.replaced).toEqual([first.order.id]);
    expect(orderOf(first.order.id)).toMatchObject({ status: "CANCELLED", replacedBy: second.order.id });
    expect(orderOf(second.order.id)).toMatchObject({ status: "PROCESSING", replacedBy: null });
    expect(openOrdersOfClub(1, a.id, "TICKET")).toEqual([second.order.id]);
    // Another club's ticket order and this club's entries order stand.
    expect(orderOf(theirs.order.id)).toMatchObject({ status: "PROCESSING", replacedBy: null });
    expect(orderOf(entries.order.id)).toMatchObject({ status: "PROCESSING", replacedBy: null });
    // Audited, with who replaced it.
    const [entry] = auditOf(first.order.id);
    expect(entry).toMatchObject({ actorId: b.id, targetType: "order" });
    expect(JSON.parse(entry.details)).toEqual({
      from: "PROCESSING",
      to: "CANCELLED",
      replacedBy: second.order.id,
    });
  });

  it("a late success on the replaced order is still honoured: PAID, and the screen says it was replaced", () => {
    const c = club();
    const m = person(c.id);
    const first = ok(checkoutTickets(1, m, 4, PRICE));
    const second = ok(checkoutTickets(1, m, 1, PRICE));
    expect(orderOf(first.order.id).status).toBe("CANCELLED");
    const outcome = recordPayment({
      statusId: "1",
      orderId: paymentRefOf(first.order.id) ?? "",
      msg: "Payment_was_successful",
      transactionId: `OO-LATE-${uniq()}`,
      verified: true,
      source: "callback",
    });
    expect(outcome).toMatchObject({ kind: "applied", from: "CANCELLED", to: "PAID" });
    expect(orderOf(first.order.id)).toMatchObject({ status: "PAID", replacedBy: second.order.id });
    const rows = listOrders({ kind: "owner", ownerId: m.id }, {}, { sort: "id", dir: "asc" }, null).rows;
    expect(rows.map((r) => [r.id, r.status, r.replacedBy])).toEqual([
      [first.order.id, "PAID", second.order.id],
      [second.order.id, "PROCESSING", null],
    ]);
  });
});

describe("event entries: one open order per club", () => {
  it("the earlier order's entries are free for the new checkout, then for the waitlist", () => {
    const e = event(2);
    const c = club();
    const m = person(c.id);
    const first = ok(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 2 }]));
    // Full for everyone else: another club waits for 2.
    const d = club();
    const waiter = person(d.id);
    expect(checkoutEntries(1, waiter, d.scope, [{ eventId: e.id, teams: 1 }])).toMatchObject({
      ok: false,
      code: "overCap",
      left: 0,
    });
    expect(joinWaitlist(1, waiter, d.scope, e.id, 2)).toMatchObject({ ok: true });
    // The club's own preview counts its open order as free: it may buy both again.
    expect(entriesDraft(1, c.scope, [{ eventId: e.id, teams: 2 }])).toMatchObject({ total: 2 * 15000 });
    expect(entriesDraft(1, d.scope, [{ eventId: e.id, teams: 1 }])).toMatchObject({
      ok: false,
      code: "overCap",
    });
    // It buys 1 instead of 2: the first order is cancelled, one entry is free, offered to the waitlist.
    const second = ok(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 1 }]));
    expect(second.order.replaced).toEqual([first.order.id]);
    expect(orderOf(first.order.id)).toMatchObject({ status: "CANCELLED", replacedBy: second.order.id });
    const offers = serveWaitlist(1);
    expect(offers.filter((o) => o.eventId === e.id).map((o) => [o.email, o.held])).toEqual([
      [waiter.email, 1],
    ]);
  });

  it("a refused checkout changes nothing: the earlier order stands", () => {
    const e = event(3);
    const c = club();
    const m = person(c.id);
    const first = ok(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 2 }]));
    expect(checkoutEntries(1, m, c.scope, [{ eventId: e.id, teams: 4 }])).toMatchObject({
      ok: false,
      code: "overCap",
      left: 3,
    });
    expect(orderOf(first.order.id)).toMatchObject({ status: "PROCESSING", replacedBy: null });
    expect(auditOf(first.order.id)).toHaveLength(0);
  });
});

describe("crew tag fee: one open order per club", () => {
  it("replaces the club's earlier fee order, whoever of its managers placed it", () => {
    const c = club();
    const [a, b] = [person(c.id), person(c.id)];
    const members = [1, 2].map(() => person(c.id, { role: "COMPETITOR", membershipPaid: false }));
    const first = ok(checkoutMembership(1, a, c.scope, [members[0].id, members[1].id], 3000));
    const second = ok(checkoutMembership(1, b, c.scope, [members[1].id], 3000));
    expect(orderOf(first.order.id)).toMatchObject({ status: "CANCELLED", replacedBy: second.order.id });
    expect(openOrdersOfClub(1, a.id, "MEMBERSHIP")).toEqual([second.order.id]);
  });
});
