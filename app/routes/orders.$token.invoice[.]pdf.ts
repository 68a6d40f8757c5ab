// GET /orders/:token/invoice.pdf (ADMIN, MANAGER): the order's invoice, any status, as
// 'invoice.pdf'. Only the order's owner or an ADMIN gets it; anyone else, and any unknown token,
// gets the same 404 (nothing about the order is revealed). Made in the process's PDF download queue
// shared with crew tags (lib/pdf.server.ts pdfDownloads): busy, or this user already has a PDF being
// made or waiting, 429 with Retry-After.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderDocResponse } from "~/services/order-documents.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return orderDocResponse(request, params.token, "invoice");
}
