// SenangPay's protocol (../shared/reference/senangpay.md): the request hash over
// secret + detail + amount + order_id, the return/callback hash over
// secret + status_id + order_id + transaction_id + msg; MD5 or HMAC-SHA256 keyed with the secret.
// Pure apart from node:crypto, so the reference's test vectors are unit tests.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export type HashMode = "sha256" | "md5";

export function senangpayHash(mode: HashMode, secret: string, text: string): string {
  return mode === "md5"
    ? createHash("md5").update(text).digest("hex")
    : createHmac("sha256", secret).update(text).digest("hex");
}

/** `amount` with exactly two decimals, from sen: 2450 -> "24.50". */
export function amountText(sen: number): string {
  if (!Number.isInteger(sen) || sen < 0) throw new Error("amount must be whole sen");
  return `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, "0")}`;
}

/** `detail`: at most 500 characters of A-Z a-z 0-9 . , - _ (spaces become underscores). */
export function detailText(text: string): string {
  return text
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9.,\-_]/g, "")
    .slice(0, 500);
}

export function requestHash(mode: HashMode, secret: string, detail: string, amount: string, orderId: string) {
  return senangpayHash(mode, secret, `${secret}${detail}${amount}${orderId}`);
}

export type ReturnParams = {
  status_id: string;
  order_id: string;
  msg: string;
  transaction_id: string;
  hash: string;
};

export function returnHash(mode: HashMode, secret: string, p: Omit<ReturnParams, "hash">): string {
  return senangpayHash(mode, secret, `${secret}${p.status_id}${p.order_id}${p.transaction_id}${p.msg}`);
}

/** Constant-time check of a return or callback's hash (over the underscore form of msg). */
export function verifyReturn(mode: HashMode, secret: string, p: ReturnParams): boolean {
  const expected = Buffer.from(returnHash(mode, secret, p), "utf8");
  const given = Buffer.from(String(p.hash).toLowerCase(), "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The five parameters of a return or callback, or null when any is missing or oversized. */
export function readReturnParams(source: URLSearchParams | FormData): ReturnParams | null {
  const get = (k: string) => {
    const v = source.get(k);
    return typeof v === "string" && v.length <= 200 ? v : null;
  };
  const p = {
    status_id: get("status_id"),
    order_id: get("order_id"),
    msg: get("msg"),
    transaction_id: get("transaction_id"),
    hash: get("hash"),
  };
  return Object.values(p).every((v) => v !== null) ? (p as ReturnParams) : null;
}

/** The provider's message for people: underscores shown as spaces. */
export const showMsg = (msg: string) => msg.replace(/_/g, " ");
