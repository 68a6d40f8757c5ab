// /simulator/pay: the built-in payment provider's page (PAYMENT_PROVIDER=simulator only, else
// 404; public, like SenangPay's own page). It speaks SenangPay's protocol with the simulator's
// secret, so the demo and the tests run the real hashing and verification code:
// - the checkout form POSTs detail/amount/order_id/hash here (no CSRF token: it is the provider's
//   entry point); that POST changes nothing and is redirected to the same fields as a GET;
// - GET checks the request hash and shows a payment page with Pay, Fail and Cancel (a bad hash: an
//   error page and nothing else);
// - a button (a POST with a CSRF token) builds the return parameters, hashes them as SenangPay
//   does, POSTs the callback to APP_URL/senangpay/callback (3 s timeout; a failure is logged) and
//   sends the browser to /senangpay/return with them.
import "~/i18n/routes/simulator.pay";
import { randomInt } from "node:crypto";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/PostForm";
import { assertCsrf } from "~/lib/csrf.server";
import { safeEqual } from "~/lib/crypto.server";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/params.server";
import { simulatorSecret } from "~/lib/payments/provider.server";
import { type ReturnParams, requestHash, returnHash, showMsg } from "~/lib/payments/senangpay";
import { useMessages } from "~/i18n/useMessages";
import { TITLES } from "~/i18n/en";
import { formatRM } from "~/rules/format";

export const meta: MetaFunction = () => [{ title: `${TITLES.simulator} | ${TITLES.appName}` }];

const REQUEST_FIELDS = ["detail", "amount", "order_id", "hash"] as const;
type PaymentRequest = Record<(typeof REQUEST_FIELDS)[number], string>;

const CHOICES = {
  pay: { statusId: "1", msg: "Payment_was_successful" },
  fail: { statusId: "0", msg: "Payment_failed" },
  cancel: { statusId: "0", msg: "Payment_cancelled_by_buyer" },
} as const;
type Choice = keyof typeof CHOICES;

function requireSimulator() {
  if (env().PAYMENT_PROVIDER !== "simulator") notFound();
}

/** The four request fields (SenangPay's limits), or null when one is missing or malformed. */
function readRequest(source: URLSearchParams | FormData): PaymentRequest | null {
  const get = (k: string) => {
    const v = source.get(k);
    return typeof v === "string" ? v : null;
  };
  const r = { detail: get("detail"), amount: get("amount"), order_id: get("order_id"), hash: get("hash") };
  if (r.detail === null || !/^[A-Za-z0-9.,\-_]{1,500}$/.test(r.detail)) return null;
  if (r.amount === null || !/^\d{1,9}\.\d{2}$/.test(r.amount)) return null;
  if (r.order_id === null || !/^[A-Za-z0-9-]{1,100}$/.test(r.order_id)) return null;
  if (r.hash === null || r.hash.length > 200) return null;
  return r as PaymentRequest;
}

/** The request as SenangPay would accept it: well formed and hashed with the simulator's secret. */
function verifiedRequest(source: URLSearchParams | FormData): PaymentRequest | null {
  const r = readRequest(source);
  if (!r) return null;
  const expected = requestHash("sha256", simulatorSecret(), r.detail, r.amount, r.order_id);
  return safeEqual(expected, r.hash.toLowerCase()) ? r : null;
}

const toQuery = (r: Record<string, string>) => new URLSearchParams(r).toString();

export async function loader({ request }: LoaderFunctionArgs) {
  requireSimulator();
  const r = verifiedRequest(new URL(request.url).searchParams);
  if (!r) return json({ ok: false as const }, 400);
  const sen = Number(r.amount.replace(".", ""));
  return json({
    ok: true as const,
    request: r,
    detail: showMsg(r.detail),
    amount: formatRM(sen),
  });
}

/** The callback SenangPay's server would send, sent by ours to itself. Never fails the payment
 * page: a failure or a timeout is logged (the return still reaches the app). */
async function postCallback(params: ReturnParams): Promise<void> {
  const url = `${env().APP_URL}/senangpay/callback`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 3000);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: toQuery(params),
      signal: controller.signal,
    });
    const text = (await response.text()).trim();
    if (!response.ok || text !== "OK") {
      console.warn(
        `[simulator] callback for order ${params.order_id}: ${response.status} ${text.slice(0, 100)}`,
      );
    }
  } catch (error) {
    console.warn(`[simulator] callback for order ${params.order_id} failed:`, error);
  } finally {
    clearTimeout(timer);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  requireSimulator();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400 });
  }
  // The checkout form (from our page, as SenangPay gets it: no CSRF token). It changes nothing:
  // the page is shown by GET.
  if (!form.has("choice")) {
    const r = readRequest(form);
    if (!r) return json({ ok: false as const }, 400);
    return redirect(`/simulator/pay?${toQuery(r)}`, 303);
  }
  // A button of the page: CSRF-checked, and the request must still verify.
  await assertCsrf(request, form);
  const choiceRaw = form.get("choice");
  if (typeof choiceRaw !== "string" || !(choiceRaw in CHOICES))
    throw new Response("Bad Request", { status: 400 });
  const choice = CHOICES[choiceRaw as Choice];
  const r = verifiedRequest(form);
  if (!r) return json({ ok: false as const }, 400);
  const unsigned = {
    status_id: choice.statusId,
    order_id: r.order_id,
    msg: choice.msg,
    transaction_id: `SIM${String(randomInt(0, 1_000_000_000_000)).padStart(12, "0")}`,
  };
  const params: ReturnParams = { ...unsigned, hash: returnHash("sha256", simulatorSecret(), unsigned) };
  await postCallback(params);
  return redirect(`/senangpay/return?${toQuery(params)}`, 303);
}

export default function SimulatorPay() {
  const data = useLoaderData<typeof loader>();
  const { MSG, LABELS } = useMessages();
  return (
    <main className="plain">
      <section className="card narrow">
        <header>
          <p className="hint">{LABELS.simulatorHint}</p>
          <h1>{TITLES.simulator}</h1>
        </header>
        {data.ok ? (
          <>
            <dl className="profile-fields">
              <dt>Merchant</dt>
              <dd>{TITLES.simulator}</dd>
              <dt>Detail</dt>
              <dd>{data.detail}</dd>
              <dt>Order</dt>
              <dd>{data.request.order_id}</dd>
              <dt>Amount</dt>
              <dd>
                <strong>{data.amount}</strong>
              </dd>
            </dl>
            <form method="post" action="/simulator/pay" className="actions">
              <CsrfInput />
              {Object.entries(data.request).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" name="choice" value="pay" className="btn btn-primary">
                Pay
              </button>
              <button type="submit" name="choice" value="fail" className="btn btn-danger">
                Fail
              </button>
              <button type="submit" name="choice" value="cancel" className="btn">
                Cancel
              </button>
            </form>
          </>
        ) : (
          <p className="errors" role="alert">
            {MSG.simulatorBadRequest}
          </p>
        )}
      </section>
    </main>
  );
}
