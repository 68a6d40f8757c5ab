// GET /orders/:token/receipt.pdf (ADMIN, MANAGER): the receipt of a PAID order, as 'receipt.pdf'.
// Only the order's owner or an ADMIN gets it; anyone else, an unknown token or an order that is
// not paid gets the same 404. Queued as the invoice is (lib/pdf.server.ts pdfDownloads): busy, or
// this user already has a PDF being made or waiting, 429 with Retry-After.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderDocResponse } from "~/services/order-documents.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return orderDocResponse(request, params.token, "receipt");
}
