// Dinner tickets against a real SQLite file: checkoutTickets creates one PROCESSING order with one
// TICKET line (count = pax, the price given by the server's settings, no event, no member), refuses
// a user without a club and creates nothing; once paid, the tickets count on the teams list.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { listTeams } from "~/models/association.server";
import { paymentRefOf, recordPayment } from "~/models/order.server";
import { checkoutTickets } from "~/models/ticket.server";
import type { User } from "~/models/user.server";
import { club, user } from "../factories";

const manager = (associationId: number | null): User =>
  user({ role: "MANAGER", associationId, verified: true, approved: true });
const ordersOf = (ownerId: number) =>
  db().select().from(schema.orders).where(eq(schema.orders.ownerId, ownerId)).all();
const linesOf = (orderId: number) =>
  db().select().from(schema.orderLines).where(eq(schema.orderLines.orderId, orderId)).all();

describe("checkoutTickets", () => {
  it("creates one Processing order with one TICKET line at the given price", () => {
    const m = manager(club({ name: `TK Club A ${process.pid}` }).id);
    const result = checkoutTickets(1, m, 3, { ticketPriceSen: 8050 });
    if (!result.ok) throw new Error(result.code);
    expect(result.order.total).toBe(3 * 8050);
    expect(result.draft.lines.map((l) => l.label)).toEqual(["Dinner Ticket"]);
    const [order] = ordersOf(m.id);
    expect(order).toMatchObject({ id: result.order.id, status: "PROCESSING", token: result.order.token });
    expect(linesOf(order.id).map((l) => [l.kind, l.count, l.price, l.eventId, l.userId])).toEqual([
      ["TICKET", 3, 8050, null, null],
    ]);
  });

  it("refuses a manager without a club and creates nothing", () => {
    const m = manager(null);
    expect(checkoutTickets(1, m, 2, { ticketPriceSen: 8000 })).toEqual({ ok: false, code: "noClub" });
    expect(ordersOf(m.id)).toHaveLength(0);
  });

  it("refuses a pax the parser would refuse before any write", () => {
    const m = manager(club({ name: `TK Club C ${process.pid}` }).id);
    for (const pax of [0, -1, 51, 1.5])
      expect(() => checkoutTickets(1, m, pax, { ticketPriceSen: 8000 })).toThrow();
    expect(ordersOf(m.id)).toHaveLength(0);
  });

  it("paid tickets count on the teams list; unpaid ones do not", () => {
    const name = `TK Club B ${process.pid}`;
    const m = manager(club({ name }).id);
    const tickets = () =>
      listTeams(1, { name }, { sort: "name", dir: "asc" }, null).rows.find((r) => r.name === name)?.tickets;
    const first = checkoutTickets(1, m, 4, { ticketPriceSen: 8000 });
    const second = checkoutTickets(1, m, 2, { ticketPriceSen: 8000 });
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(tickets()).toBe(0);
    recordPayment({
      statusId: "1",
      orderId: paymentRefOf(first.order.id) ?? "",
      msg: "Payment_was_successful",
      transactionId: "TK-1",
      verified: true,
      source: "callback",
    });
    expect(tickets()).toBe(4);
  });
});
