// /payments (ADMIN): the Payment Logs table, newest first, paged in SQL: every verified return and
// callback the payment handler received, and the first few refused ones of each day (Verified: No),
// filtered by order id and transaction id (substrings), downloadable as CSV (streamed). Above it,
// the refused calls per day (counted, not each stored: ADR 0023), so ADMIN sees a flood and where
// it came from.
import "~/i18n/routes/_app.payments";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { FilterSearch } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { REJECT_SAMPLES_PER_DAY } from "~/models/order.server";
import { listPaymentLogs, paymentRejectDays, type RejectDay } from "~/models/order-list.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import type { Column } from "~/components/DataTable";
import { formatCount } from "~/rules/format";
import { pageOf, parseList } from "~/rules/list-params";
import { PAYMENT_LIST, paymentColumnsOf } from "./table";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.payments);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "payments");
  const edition = editionOf(request, user);
  const params = parseList(new URL(request.url).searchParams, PAYMENT_LIST);
  const order = { sort: params.sort, dir: params.dir };
  const listed = pageOf(params, (p) => listPaymentLogs(edition.id, params.filters, order, p));
  return json({
    ...listed,
    filters: params.filters,
    refused: paymentRejectDays(14),
    samples: REJECT_SAMPLES_PER_DAY,
  });
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
          <FilterSearch key={name} name={name} label={LABELS[name]} value={f[name] ?? ""} />
        ))}
      </FilterForm>
      <RefusedCalls days={data.refused} samples={data.samples} />
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

/** Refused returns and callbacks per day: how many, from how many addresses, the busiest one. */
function RefusedCalls({ days, samples }: { days: RejectDay[]; samples: number }) {
  const { LABELS } = useMessages();
  const columns: Column<RejectDay>[] = [
    { label: LABELS.date, cell: (r) => r.day },
    {
      label: LABELS.source,
      cell: (r) => (r.source === "callback" ? LABELS.sourceCallback : LABELS.sourceReturn),
    },
    {
      label: LABELS.refusedReason,
      cell: (r) => (r.reason === "repeat" ? LABELS.refusedRepeat : LABELS.refusedForged),
    },
    { label: LABELS.refusedCount, cell: (r) => formatCount(r.calls) },
    { label: LABELS.refusedAddresses, cell: (r) => formatCount(r.addresses) },
    {
      label: LABELS.busiestAddress,
      cell: (r) =>
        `${r.topAddress === "*" ? LABELS.otherAddresses : r.topAddress} (${formatCount(r.topCalls)})`,
      className: "cell-wrap",
    },
  ];
  return (
    <section aria-labelledby="refused-calls">
      <h2 id="refused-calls">{LABELS.refusedCalls}</h2>
      <p className="hint">{LABELS.refusedCallsHint(samples)}</p>
      <DataTable
        columns={columns}
        rows={days}
        rowKey={(r) => `${r.day}-${r.source}-${r.reason}`}
        caption={LABELS.refusedCalls}
        empty={LABELS.refusedCallsNone}
      />
    </section>
  );
}
