// /payments (ADMIN): the Payment Logs table, newest first, paged in SQL: every return and callback
// the payment handler received, forged ones too (Verified: No), filtered by order id and
// transaction id (substrings), downloadable as CSV.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { listPaymentLogs } from "~/models/order-list.server";
import { TITLES } from "~/messages";
import { pageOf, parseList } from "~/rules/list-params";
import { PAYMENT_LIST, paymentColumns } from "~/tables/payments";

export const meta: MetaFunction = () => [{ title: `${TITLES.payments} | ${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "payments");
  const params = parseList(new URL(request.url).searchParams, PAYMENT_LIST);
  const order = { sort: params.sort, dir: params.dir };
  const listed = pageOf(params, (p) => listPaymentLogs(params.filters, order, p));
  return json({ ...listed, filters: params.filters });
}

const FILTERS = [
  ["orderId", "Order Id"],
  ["transactionId", "Transaction Id"],
] as const;

export default function PaymentLogs() {
  const data = useLoaderData<typeof loader>();
  const f = data.filters as Record<string, string | undefined>;
  return (
    <Screen title={TITLES.payments} actions={<CsvLink href="/payments.csv" />}>
      <FilterForm submitLabel="Search">
        {FILTERS.map(([name, label]) => (
          <div className="field" key={name}>
            <label htmlFor={`filter-${name}`}>{label}</label>
            <input
              id={`filter-${name}`}
              name={name}
              type="search"
              maxLength={100}
              defaultValue={f[name] ?? ""}
              key={`${name}-${f[name] ?? ""}`}
            />
          </div>
        ))}
      </FilterForm>
      <DataTable
        columns={paymentColumns}
        rows={data.rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.payments}
      />
      <Pager page={data.page} size={data.size} total={data.total} sizes={PAYMENT_LIST.sizes} />
    </Screen>
  );
}
