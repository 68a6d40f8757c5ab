// /senangpay/return (no guard): where the payment provider sends the buyer's browser back, with
// status_id, order_id, msg, transaction_id and hash. Any missing: not-found. A GET shows a fixed
// "Processing payment ..." (never the provider's msg: nothing is verified yet, and anyone can
// make this URL) and a form carrying the five parameters, which posts itself after about a second
// with JavaScript (a Continue button without). The POST (at most PAYMENT_RETURN_RATE per address)
// verifies the shape and the hash, records the result (services/orders.server.ts
// handlePaymentNotice, shared with the callback; models/order.server.ts recordPayment: a
// verified one logged, a refused one counted; the order moved at most once, effects once, a
// repeat changes nothing), sends the order-paid email when this call paid the order, and goes to
// /orders with the provider's message as an info toast, only when verified (else the spec's error).
// A payment for an order of an archived edition (paid late) is logged and changes nothing: the
// payer is told so (MSG.edOrPaymentArchived), to contact the committee.
import "~/i18n/routes/senangpay.return";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { readForm } from "~/lib/csrf.server";
import { PAYMENT_RETURN_RATE } from "~/lib/payments/provider.server";
import { limitRate } from "~/lib/rate-limit.server";
import { clientAddress } from "~/models/throttle.server";
import { readReturnParams, showMsg } from "~/lib/payments/senangpay";
import { redirectWithToast } from "~/lib/toast.server";
import { handlePaymentNotice } from "~/services/orders.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.paymentReturn);

export const RETURN_PARAMS = ["status_id", "order_id", "msg", "transaction_id", "hash"] as const;

export function loader({ request }: LoaderFunctionArgs) {
  const params = readReturnParams(new URL(request.url).searchParams);
  if (!params) throw redirect("/not-found");
  return json({ params });
}

export async function action({ request }: ActionFunctionArgs) {
  limitRate(request, "payment-return", PAYMENT_RETURN_RATE);
  const form = await readForm(request);
  const params = readReturnParams(form);
  if (!params) throw redirect("/not-found");
  const outcome = await handlePaymentNotice(params, "return", clientAddress(request));
  const ok = outcome.kind === "applied" || outcome.kind === "unchanged";
  const { MSG } = messagesFor(request);
  return redirectWithToast(
    request,
    "/orders",
    ok
      ? { type: "info", message: showMsg(params.msg) }
      : outcome.kind === "archived"
        ? // Paid after its edition was archived: logged, nothing changed (issue 21).
          { type: "error", message: MSG.edOrPaymentArchived(outcome.editionName) }
        : { type: "error", message: MSG.paymentReturnError },
  );
}

/** The spec's "after 1 second post the result". */
const RETURN_DELAY_MS = 1000;

export default function PaymentReturn() {
  const { params } = useLoaderData<typeof loader>();
  const { MSG, TITLES, LABELS } = useMessages();
  const form = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const timer = setTimeout(() => form.current?.requestSubmit(), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main className="plain">
      <section className="card narrow center">
        <h1>{TITLES.paymentReturn}</h1>
        <p role="status">{MSG.paymentProcessing}</p>
        <Form method="post" ref={form}>
          <CsrfInput />
          <TaskInput task={LABELS.taskProcessingPayment} />
          {RETURN_PARAMS.map((name) => (
            <input key={name} type="hidden" name={name} value={params[name]} />
          ))}
          {hydrated ? null : (
            <button type="submit" className="btn btn-primary">
              {LABELS.continue}
            </button>
          )}
        </Form>
      </section>
    </main>
  );
}
