// Dinner tickets (/tickets/purchase, MANAGER): Proceed to Payment creates a PROCESSING order with
// one TICKET line (count = pax, price = the settings' ticket price, no event, no member). The
// server computes the draft again from the pax alone; the form never carries a price. Paid TICKET
// lines are counted by the teams list and the overview; paying changes nothing else.
import { eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import type { User } from "~/models/user.server";
import { fail, type Outcome } from "~/rules/failure";
import type { Draft } from "~/rules/orders";
import type { Settings } from "~/rules/settings-schema";
import { ticketDraft } from "~/rules/tickets";
import { type CreatedOrder, createOrder, supersedeOpenOrders } from "./order.server";

export type TicketRefusal = "noClub";

/**
 * The ticket order for `pax` (already parsed: 1 to MAX_PAX) at `settings.ticketPriceSen`, in one
 * transaction with the check that the manager belongs to an association (read again from the
 * database, not from the session's copy of the user). The club's earlier Processing ticket order,
 * if any, is cancelled in the same transaction (`order.replaced`). The order is of `editionId`
 * (the open one: the route's edition). Returns the order and its draft,
 * or why not.
 */
export function checkoutTickets(
  editionId: number,
  user: Pick<User, "id">,
  pax: number,
  settings: Pick<Settings, "ticketPriceSen">,
): Outcome<{ order: CreatedOrder; draft: Draft }, TicketRefusal> {
  const draft = ticketDraft(pax, settings.ticketPriceSen);
  return db().transaction(
    (tx): Outcome<{ order: CreatedOrder; draft: Draft }, TicketRefusal> => {
      const club = tx
        .select({ id: schema.associations.id })
        .from(schema.users)
        .innerJoin(schema.associations, eq(schema.associations.id, schema.users.associationId))
        .where(eq(schema.users.id, user.id))
        .get();
      if (!club) return fail("noClub");
      // One open ticket order per club: an earlier unpaid one is cancelled, replaced by this one.
      const replaced = supersedeOpenOrders(editionId, tx, user.id, "TICKET");
      const order = createOrder(editionId, user.id, draft.lines, tx, replaced);
      return { ok: true, order, draft };
    },
    { behavior: "immediate" },
  );
}
