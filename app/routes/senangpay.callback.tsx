// /senangpay/callback: the payment provider's server-to-server notice (POST only; a resource
// route, so no page and no Origin check). It comes from SenangPay's servers, not a browser of
// ours, so it carries no CSRF token and is exempt: the hash is its proof, checked in constant time
// before anything else, with the shape of what it carries (our reference as order_id, a status id
// SenangPay defines, a transaction id: rules/payment-ref.ts), by services/orders.server.ts
// handlePaymentNotice (shared with the return). A verified call is logged in full; a
// refused one is counted per day and address and only the day's first few kept (recordPayment).
// The order moves at most once and its effects apply once, however often and in whatever order
// callback and return arrive; a result received before changes nothing (ADMIN's manual status
// stands). At most PAYMENT_CALLBACK_RATE calls per client address (429 beyond). Replies text/plain:
//   400 "Bad Request"  a parameter missing, a wrong shape or a hash that does not verify (counted);
//   429                too many calls from this address;
//   200 "OK"           otherwise, also for an order we do not know, a repeat, or an order of an
//                      archived edition (logged with its edition, nothing changed: nothing to retry).
// See docs/decisions/0012-members-and-payments.md and 0023-payment-reference.md.
import type { ActionFunctionArgs } from "@remix-run/node";
import { PAYMENT_CALLBACK_RATE } from "~/lib/payments/provider.server";
import { limitRate } from "~/lib/rate-limit.server";
import { clientAddress } from "~/models/throttle.server";
import { readReturnParams } from "~/lib/payments/senangpay";
import { handlePaymentNotice } from "~/services/orders.server";

const text = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

export const loader = () => text("Method Not Allowed", 405, { Allow: "POST" });

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return text("Method Not Allowed", 405, { Allow: "POST" });
  limitRate(request, "payment-callback", PAYMENT_CALLBACK_RATE);
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) return text("Bad Request", 400);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return text("Bad Request", 400);
  }
  const params = readReturnParams(form);
  if (!params) return text("Bad Request", 400);
  const outcome = await handlePaymentNotice(params, "callback", clientAddress(request));
  return outcome.kind === "forged" ? text("Bad Request", 400) : text("OK");
}
