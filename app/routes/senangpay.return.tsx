import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Placeholder } from "~/components/Screen";
import { TITLES } from "~/messages";

export const meta: MetaFunction = () => [{ title: `${TITLES.paymentReturn} | ${TITLES.appName}` }];

export const RETURN_PARAMS = ["status_id", "order_id", "msg", "transaction_id", "hash"] as const;

// Payment return (no guard). Any missing parameter goes to not-found; processing comes with the
// payments issue.
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (RETURN_PARAMS.some((p) => !params.has(p))) throw redirect("/not-found");
  return json(null);
}

export default function PaymentReturn() {
  return (
    <main className="plain">
      <Placeholder title={TITLES.paymentReturn} />
    </main>
  );
}
