// A club with a manager who buys, and an ADMIN who changes order statuses by hand, for the payment
// tests (payment-trust.test.ts, payment-replay-window.test.ts). Call `payingClub` in a beforeAll:
// the returned `admin` and `owner` are filled in then.
import { eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { createOrder } from "~/models/order.server";

export function payingClub(tag: string, clubName: string) {
  const admin = { id: 0, name: `${tag} ADMIN`, email: `${tag.toLowerCase()}.admin@example.test` };
  const made = { owner: 0, admin };
  const clubId = db()
    .insert(schema.associations)
    .values({ name: clubName, country: "MY", token: tag.toLowerCase() })
    .returning()
    .get().id;
  made.owner = db()
    .insert(schema.users)
    .values({
      email: `${tag.toLowerCase()}.manager@example.test`,
      hash: "x",
      name: tag,
      role: "MANAGER",
      associationId: clubId,
      approved: true,
    })
    .returning()
    .get().id;
  admin.id = db()
    .insert(schema.users)
    .values({ email: admin.email, hash: "x", name: admin.name, role: "ADMIN" })
    .returning()
    .get().id;
  return made;
}

/** A one-ticket order of the club's manager (edition 1). */
export const ticketOrder = (owner: number) =>
  createOrder(1, owner, [{ kind: "TICKET", label: "Dinner Ticket", price: 5000, count: 1 }]);

export const statusOf = (id: number) =>
  db().select().from(schema.orders).where(eq(schema.orders.id, id)).get()!.status;
