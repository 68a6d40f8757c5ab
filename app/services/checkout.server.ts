// The server half of every checkout dialog (crew tag fee, dinner tickets, event entries; the form is
// components/CheckoutDialog.tsx): Proceed to Payment creates the order (the models: the draft
// computed again, the club's earlier open order of the kind replaced, in one transaction), then
// answers the provider's checkout form for it, which PaymentRedirect submits. The buyer's name,
// email and phone prefill the payment page. Event entries also serve the waitlist before and after.
import { json } from "@remix-run/node";
import { type Checkout, paymentProvider } from "~/lib/payments/provider.server";
import type { Toast } from "~/lib/toast";
import type { Scope } from "~/services/access.server";
import { checkoutEntries } from "~/models/entries.server";
import { checkoutMembership } from "~/models/member.server";
import type { CreatedOrder } from "~/models/order.server";
import type { Settings } from "~/models/settings.server";
import { checkoutTickets } from "~/models/ticket.server";
import type { User } from "~/models/user.server";
import type { EntryRequest } from "~/rules/entries";
import type { DraftLine } from "~/rules/orders";
import { serveWaitlistNow, serveWaitlistSoon } from "./waitlist-mail.server";

export type { Checkout };

/** The provider's checkout form for a new order; `what` says what it pays for ("Dinner ticket x 3
 * pax"), and the order id is added to it. The provider gets the order's reference as order_id
 * (rules/payment-ref.ts: fixed width, with a tag of the order's token), never the bare id. */
export function startCheckout(
  order: Pick<CreatedOrder, "id" | "token" | "total">,
  user: Pick<User, "name" | "email" | "phone">,
  what: string,
): Checkout {
  return paymentProvider().checkout({
    id: order.id,
    token: order.token,
    total: order.total,
    detail: `${what}, order ${order.id}`,
    name: user.name,
    email: user.email,
    phone: user.phone,
  });
}

type Buyer = Pick<User, "id" | "name" | "email" | "phone">;

/** Event entries: holds that ran out go to the next club in line before anyone buys (the 5-minute
 * job may not have run yet: nobody jumps the waitlist); then the cap check and the order
 * (checkoutEntries); then any part of an offer this club did not buy, and the entries of the
 * club's earlier order this one replaced, go back to the line (cheap when nobody waits). */
export async function checkoutEventEntries(
  editionId: number,
  buyer: Buyer,
  scope: Scope,
  requests: EntryRequest[],
) {
  await serveWaitlistNow(undefined, editionId);
  const result = checkoutEntries(editionId, buyer, scope, requests);
  if (!result.ok) return result;
  serveWaitlistSoon(editionId);
  const teams = requests.reduce((sum, r) => sum + r.teams, 0);
  return {
    ok: true as const,
    checkout: startCheckout(result.order, buyer, `Event entries for ${counted(teams, "team")}`),
  };
}

/** The crew tag fee of the members of `ids` (checkoutMembership), at `feeSen` each, in the
 * edition `editionId` (the open one). */
export function checkoutCrewTagFee(
  editionId: number,
  buyer: Buyer,
  scope: Scope,
  ids: number[],
  feeSen: number,
) {
  const result = checkoutMembership(editionId, buyer, scope, ids, feeSen);
  if (!result.ok) return result;
  const what = `Crew tag fee for ${counted(result.draft.lines.length, "member")}`;
  return { ok: true as const, checkout: startCheckout(result.order, buyer, what) };
}

/** `pax` dinner tickets at the settings' price (checkoutTickets), in the edition `editionId`. */
export function checkoutDinnerTickets(
  editionId: number,
  buyer: Buyer,
  pax: number,
  settings: Pick<Settings, "ticketPriceSen">,
) {
  const result = checkoutTickets(editionId, buyer, pax, settings);
  if (!result.ok) return result;
  return { ok: true as const, checkout: startCheckout(result.order, buyer, `Dinner ticket x ${pax} pax`) };
}

/** A draft's lines as the dialog shows them, each keyed by its member or event (`key`). */
/** A line of the checkout dialog (components/CheckoutDialog.tsx shows them). */
export type CheckoutLine = { id: number; label: string; price: number; count: number };

export function checkoutLines(lines: DraftLine[], key: "userId" | "eventId"): CheckoutLine[] {
  return lines.map((l) => ({ id: l[key] ?? 0, label: l.label, price: l.price, count: l.count }));
}

/** "2 members", "1 team": a count and its noun, for `what`. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** What Proceed to Payment answers where a refusal is a toast over the draft (crew tag fee, tickets). */
export type CheckoutAnswer = { toast: Toast | null; checkout: Checkout | null };

/** A refused Proceed to Payment: the message as an error toast over the draft. */
export function refuseCheckout(message: string, status: number) {
  return json<CheckoutAnswer>({ toast: { type: "error", message }, checkout: null }, status);
}

/** The order is created: the provider's form, which the dialog submits. */
export function checkoutAnswer(checkout: Checkout) {
  return json<CheckoutAnswer>({ toast: null, checkout });
}
