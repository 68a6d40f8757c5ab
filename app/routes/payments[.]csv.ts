// GET /payments.csv (ADMIN): the Payment Logs table as CSV, every entry the filters select,
// streamed batch by batch (lib/csv.server.ts csvStream, models/order-list.server.ts
// paymentLogBatches): the file is never built in memory, however many calls were logged.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvStreamResponse } from "~/lib/csv.server";
import { paymentLogBatches } from "~/models/order-list.server";
import { parseList } from "~/rules/list-params";
import { PAYMENT_LIST, paymentColumns } from "./_app.payments/table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "payments");
  const p = parseList(new URL(request.url).searchParams, PAYMENT_LIST);
  return csvStreamResponse(
    "payment-logs",
    paymentColumns,
    paymentLogBatches(editionOf(request, user).id, p.filters, { sort: p.sort, dir: p.dir }),
  );
}
