// GET /payments.csv (ADMIN): the Payment Logs table as CSV, every entry the filters select.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/access.server";
import { csvResponse } from "~/lib/csv.server";
import { listPaymentLogs } from "~/models/order-list.server";
import { parseList } from "~/rules/list-params";
import { PAYMENT_LIST, paymentColumns } from "~/tables/payments";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "payments");
  const p = parseList(new URL(request.url).searchParams, PAYMENT_LIST);
  const { rows } = listPaymentLogs(p.filters, { sort: p.sort, dir: p.dir }, null);
  return csvResponse("payment-logs", paymentColumns, rows);
}
