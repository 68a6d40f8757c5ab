// The order reference we send SenangPay as `order_id`, and the only shape a return or callback may
// carry back: "R" + the order id in 10 digits + "-" + 12 hex digits taken from the order's random
// token (the first 12 hex digits of its SHA-256, so the reference tells nothing of the token itself,
// which also opens the order's invoice), e.g. R0000000087-9f3ac2d1e0b4 (24 characters, within SenangPay's A-Z a-z 0-9 - limit).
//
// Why: the provider's return/callback hash is over secret + status_id + order_id + transaction_id
// + msg with no separators. With a bare decimal order_id, digits moved across the order_id /
// transaction_id boundary kept the hash valid (order 873 txn T == order 87 txn 3T). A fixed-width
// reference that starts with a letter and carries a fixed-width tag cannot be re-split: status_id
// is one of 0/1/2 (one character), so the reference is always characters 2-25 of the signed text.
// The token part makes a reference unguessable from the order id alone. See ADR 0023.
// Pure apart from node:crypto's SHA-256.
import { createHash } from "node:crypto";

/** The width of the order id inside a reference: orders up to 9,999,999,999. */
const ID_DIGITS = 10;
/** Hex digits of the token in a reference (48 bits). */
const TAG_HEX = 12;

export const PAYMENT_REF = /^R(\d{10})-([0-9a-f]{12})$/;

/** The 12 hex digits a reference carries for the order's token. */
export function tokenTag(token: string): string {
  if (!token) throw new Error("an order without a token has no payment reference");
  return createHash("sha256").update(token).digest("hex").slice(0, TAG_HEX);
}

/** The reference for an order: R0000000087-9f3ac2d1e0b4. */
export function paymentRef(order: { id: number; token: string }): string {
  if (!Number.isSafeInteger(order.id) || order.id < 1 || order.id >= 10 ** ID_DIGITS)
    throw new Error("order id out of range for a payment reference");
  return `R${String(order.id).padStart(ID_DIGITS, "0")}-${tokenTag(order.token)}`;
}

/** A reference's order id and token tag, or null for anything but exactly that shape. */
export function parsePaymentRef(ref: string): { orderId: number; tag: string } | null {
  const m = PAYMENT_REF.exec(ref);
  if (!m) return null;
  const orderId = Number(m[1]);
  return orderId >= 1 ? { orderId, tag: m[2] } : null;
}

/** The status ids SenangPay defines: 1 paid, 0 failed, 2 pending authorisation. */
export const STATUS_IDS = ["0", "1", "2"] as const;
export type StatusId = (typeof STATUS_IDS)[number];

/** A return's or callback's fields in the only shape we accept, before its hash is checked. */
export type ReturnShape = { ref: { orderId: number; tag: string }; statusId: StatusId };

/**
 * Checks what a return or callback carries: a status id SenangPay defines, our reference, and a
 * non-empty transaction id (at most 100 characters, no whitespace). null: refuse it.
 */
export function returnShape(p: {
  status_id: string;
  order_id: string;
  transaction_id: string;
}): ReturnShape | null {
  if (!(STATUS_IDS as readonly string[]).includes(p.status_id)) return null;
  const ref = parsePaymentRef(p.order_id);
  if (!ref) return null;
  if (!/^\S{1,100}$/.test(p.transaction_id)) return null;
  return { ref, statusId: p.status_id as StatusId };
}

/**
 * Whether a verified result repeats one already received for the same order: the same status and
 * the same transaction id, or the same signed tail (transaction_id + msg). The tail catches a
 * genuine result re-split at the transaction_id / msg boundary (txn "T1" msg "Paid" signs exactly
 * as txn "T1P" msg "aid"), which would otherwise pass as a new transaction.
 */
export function repeatsResult(
  seen: { statusId: string; transactionId: string; msg: string }[],
  call: { statusId: string; transactionId: string; msg: string },
): boolean {
  return seen.some(
    (s) =>
      s.statusId === call.statusId &&
      (s.transactionId === call.transactionId || s.transactionId + s.msg === call.transactionId + call.msg),
  );
}
