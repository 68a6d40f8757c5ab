// The server half of every checkout dialog (crew tag fee, dinner tickets, event entries; the form is
// components/CheckoutDialog.tsx): once the order is created, the provider's checkout form for it,
// which PaymentRedirect submits. The buyer's name, email and phone prefill the payment page.
import { json } from "@remix-run/node";
import { type Checkout, paymentProvider } from "~/lib/payments/provider.server";
import type { Toast } from "~/lib/toast";
import type { CheckoutLine } from "~/components/CheckoutDialog";
import type { CreatedOrder } from "~/models/order.server";
import type { User } from "~/models/user.server";
import type { DraftLine } from "~/rules/orders";

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

/** A draft's lines as the dialog shows them, each keyed by its member or event (`key`). */
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
