// /payments (ADMIN): the Payment Logs table, newest first, paged in SQL: every return and callback
// the payment handler received, forged ones too (Verified: No), filtered by order id and
// transaction id (substrings), downloadable as CSV.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { listPaymentLogs } from "~/models/order-list.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { metaTitle } from "~/lib/meta";
import { pageOf, parseList } from "~/rules/list-params";
import { PAYMENT_LIST, paymentColumnsOf } from "~/tables/payments";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.payments);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "payments");
  const params = parseList(new URL(request.url).searchParams, PAYMENT_LIST);
  const order = { sort: params.sort, dir: params.dir };
  const listed = pageOf(params, (p) => listPaymentLogs(params.filters, order, p));
  return json({ ...listed, filters: params.filters });
}

const FILTERS = ["orderId", "transactionId"] as const;

export default function PaymentLogs() {
  const data = useLoaderData<typeof loader>();
  const f = data.filters as Record<string, string | undefined>;
  const t = useMessages();
  const { TITLES, LABELS } = t;
  const locale = useLocale();
  return (
    <Screen title={TITLES.payments} actions={<CsvLink href="/payments.csv" />}>
      <FilterForm submitLabel={LABELS.search}>
        {FILTERS.map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`filter-${name}`}>{LABELS[name]}</label>
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
        columns={paymentColumnsOf(t, locale)}
        rows={data.rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.payments}
      />
      <Pager page={data.page} size={data.size} total={data.total} sizes={PAYMENT_LIST.sizes} />
    </Screen>
  );
}
