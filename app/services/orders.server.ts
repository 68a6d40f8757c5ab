// What follows a change of an order's status, wherever it comes from: the payment provider's
// notices (callback and return), ADMIN's Edit Order, a manager's Cancel Order. Each route parses
// and authorizes, then calls one of these; the models (order.server.ts) move the order inside one
// transaction and these apply the effects outside it, after the commit:
// - an order newly PAID: the order-paid email, with the receipt (order-mail.server.ts);
// - any other new status (cancelled, failed, back to processing): the waitlist is served again,
//   since the order's entries may be free (waitlist-mail.server.ts).
// Neither ever throws: a failed email is logged and the status stands. See
// docs/decisions/0030-services.md.
import type { OrderStatus } from "../../db/enums";
import { paymentProvider } from "~/lib/payments/provider.server";
import type { ReturnParams } from "~/lib/payments/senangpay";
import type { Actor } from "~/models/audit.server";
import { cancelOwnOrder, type PaymentOutcome, recordPayment, setOrderStatus } from "~/models/order.server";
import { sendOrderPaidEmail } from "./order-mail.server";
import { serveWaitlistSoon } from "./waitlist-mail.server";

/** The effects of an order's move to `to`, once its transaction has committed. */
export async function orderStatusChanged(editionId: number, orderId: number, to: OrderStatus): Promise<void> {
  if (to === "PAID")
    await sendOrderPaidEmail(editionId, orderId); // logs its own failures
  else serveWaitlistSoon(); // a cancelled or failed order frees its entries
}

/**
 * A payment notice from the provider: the server-to-server callback or the buyer's return. The
 * hash is checked, the result recorded (models/order.server.ts recordPayment: counted when refused,
 * the order moved at most once however often and in whatever order the notices arrive), and a move
 * it made has its effects. Returns what recordPayment decided. The order is found by its reference
 * in whatever edition it is; one of an archived edition is only logged ("archived").
 */
export async function handlePaymentNotice(
  params: ReturnParams,
  source: "callback" | "return",
  address: string,
): Promise<PaymentOutcome> {
  const outcome = recordPayment({
    statusId: params.status_id,
    orderId: params.order_id,
    msg: params.msg,
    transactionId: params.transaction_id,
    verified: paymentProvider().verify(params),
    source,
    address,
  });
  if (outcome.kind === "applied") await orderStatusChanged(outcome.editionId, outcome.orderId, outcome.to);
  if (outcome.kind === "archived")
    console.warn(
      `payment for order #${outcome.orderId} of the archived ${outcome.editionName}: logged, not applied`,
    );
  return outcome;
}

/** ADMIN sets an order's status (setOrderStatus: audited, a newly paid order's effects once), then
 * its effects. Returns setOrderStatus's answer. */
export async function changeOrderStatus(editionId: number, actor: Actor, orderId: number, to: OrderStatus) {
  const result = setOrderStatus(editionId, actor, orderId, to);
  if (result.ok) await orderStatusChanged(editionId, orderId, to);
  return result;
}

/** A manager cancels their own Processing order; its entries go back to the waitlist. */
export async function cancelOrder(
  editionId: number,
  ownerId: number,
  orderId: number,
): Promise<ReturnType<typeof cancelOwnOrder>> {
  const result = cancelOwnOrder(editionId, ownerId, orderId);
  if (result.ok) await orderStatusChanged(editionId, orderId, "CANCELLED");
  return result;
}
