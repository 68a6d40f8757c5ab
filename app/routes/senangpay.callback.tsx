// /senangpay/callback: the payment provider's server-to-server notice (POST only; a resource
// route, so no page and no Origin check). It comes from SenangPay's servers, not a browser of
// ours, so it carries no CSRF token and is exempt: the hash is its proof, checked in constant time
// before anything else. Every call is logged (a forged one as unverified); the order moves at most
// once and its effects apply once, however often and in whatever order callback and return
// arrive (recordPayment). Replies text/plain:
//   400 "Bad Request"  a parameter missing, or a hash that does not verify (logged, nothing changed);
//   200 "OK"           otherwise, also for an order we do not know or a repeat (nothing to retry).
// See docs/decisions/0012-members-and-payments.md.
import type { ActionFunctionArgs } from "@remix-run/node";
import { sendOrderPaidEmail } from "~/lib/order-mail.server";
import { paymentProvider } from "~/lib/payments/provider.server";
import { readReturnParams } from "~/lib/payments/senangpay";
import { recordPayment } from "~/models/order.server";
import { serveWaitlistSoon } from "~/lib/waitlist-mail.server";

const text = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

export const loader = () => text("Method Not Allowed", 405, { Allow: "POST" });

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return text("Method Not Allowed", 405, { Allow: "POST" });
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
  const verified = paymentProvider().verify(params);
  const outcome = recordPayment({
    statusId: params.status_id,
    orderId: params.order_id,
    msg: params.msg,
    transactionId: params.transaction_id,
    verified,
    source: "callback",
  });
  if (outcome.kind === "forged") return text("Bad Request", 400);
  if (outcome.kind === "applied" && outcome.to === "PAID") await sendOrderPaidEmail(outcome.orderId);
  if (outcome.kind === "applied" && outcome.to !== "PAID") serveWaitlistSoon(); // a failure frees its entries
  return text("OK");
}
