// One payment interface, two providers (PAYMENT_PROVIDER): SenangPay itself, and the built-in
// simulator that speaks the same protocol (its own secret, sha256 mode) from a local page, so the
// demo and the tests run the real hashing and verification code. See docs/decisions.
import { hmac } from "../crypto.server";
import type { Rate } from "../rate-limit.server";
import { env } from "../env.server";
import { paymentRef } from "~/rules/payment-ref";
import {
  amountText,
  detailText,
  type HashMode,
  type ReturnParams,
  requestHash,
  verifyReturn,
} from "./senangpay";

/** An auto-submitting form that sends the buyer's browser to the payment page. */
export type Checkout = { action: string; fields: Record<string, string> };

export type PaymentOrder = {
  id: number;
  /** The order's random token: part of the reference sent as order_id (rules/payment-ref.ts). */
  token: string;
  total: number;
  detail: string;
  name?: string;
  email?: string;
  phone?: string;
};

export type PaymentProvider = {
  name: "senangpay" | "simulator";
  checkout(order: PaymentOrder): Checkout;
  verify(params: ReturnParams): boolean;
};

export const SIMULATOR_PATH = "/simulator/pay";

/** Callbacks per client address (lib/rate-limit.server.ts): SenangPay's servers send one per
 * payment, a race day's peak is a few a second; a forged flood is held to 2 a second. */
export const PAYMENT_CALLBACK_RATE: Rate = { burst: 120, perSecond: 2 };
/** Return posts per client address: one per payment from a buyer's browser; a venue's shared
 * address (one Wi-Fi for every club) still gets 60 at once and one a second. */
export const PAYMENT_RETURN_RATE: Rate = { burst: 60, perSecond: 1 };

/** The simulator's secret: derived from the session secret, never configured separately. */
export function simulatorSecret(): string {
  return hmac(env().SESSION_SECRET, "payment-simulator");
}

function provider(
  name: PaymentProvider["name"],
  action: string,
  secret: string,
  mode: HashMode,
): PaymentProvider {
  return {
    name,
    checkout(order) {
      const detail = detailText(order.detail) || `Order_${order.id}`;
      const amount = amountText(order.total);
      const orderId = paymentRef(order);
      const fields: Record<string, string> = {
        detail,
        amount,
        order_id: orderId,
        hash: requestHash(mode, secret, detail, amount, orderId),
      };
      if (order.name) fields.name = order.name.slice(0, 100);
      if (order.email) fields.email = order.email;
      if (order.phone) fields.phone = order.phone.slice(0, 20);
      return { action, fields };
    },
    verify: (params) => verifyReturn(mode, secret, params),
  };
}

export function paymentProvider(): PaymentProvider {
  const e = env();
  if (e.PAYMENT_PROVIDER === "senangpay") {
    const base = e.SENANGPAY_URL.replace(/\/$/, "");
    return provider(
      "senangpay",
      `${base}/payment/${encodeURIComponent(e.SENANGPAY_MERCHANT_ID ?? "")}`,
      e.SENANGPAY_SECRET_KEY ?? "",
      e.SENANGPAY_HASH,
    );
  }
  return provider("simulator", SIMULATOR_PATH, simulatorSecret(), "sha256");
}
