// The invoice and the receipt of an order (issue 30: from lib/pdf.server.ts, which keeps the engine
// and the download queue): their document, and the download that checks who asks for it.
import type { Content, TableCell } from "pdfmake/interfaces";
import {
  type OrderDoc,
  type OrderDocKind,
  type PdfDoc,
  pdfDownloadKey,
  pdfDownloads,
  renderPdf,
} from "~/lib/pdf.server";
import { isBusyResponse } from "~/lib/limiter.server";
import { redirectWithToast } from "~/lib/toast.server";
import { orderDocFor } from "~/models/order-list.server";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { formatDateTime, formatRM } from "~/rules/format";
import { requireUser } from "./access.server";

export type { OrderDoc, OrderDocKind };

function definition(kind: OrderDocKind, d: OrderDoc, locale: Locale): PdfDoc {
  const { LABELS: L } = bundleFor(locale);
  const title = L.pdfTitle[kind];
  const facts: [string, string][] = [
    [L.pdfOrderId, String(d.id)],
    [L.date, formatDateTime(d.createdAt, locale)],
    [L.status, L.pdfStatus[d.status as keyof typeof L.pdfStatus] ?? d.status],
    [L.owner, d.owner.name ? `${d.owner.name} (${d.owner.email})` : d.owner.email],
    [L.team, d.team ?? "-"],
  ];
  if (kind === "receipt") {
    facts.push([L.pdfPaid, formatDateTime(d.updatedAt, locale)]);
    if (d.transactionId) facts.push([L.pdfTransactionId, d.transactionId]);
  }
  const head: TableCell[] = [L.item, L.price, L.count, L.subtotal].map((text, i) => ({
    text,
    bold: true,
    alignment: i === 0 ? ("left" as const) : ("right" as const),
  }));
  const rows = d.lines.map((l): TableCell[] => [
    { text: (l.kind === "TICKET" ? L.dinnerTicket : l.label) || "-" },
    { text: formatRM(l.price), alignment: "right" as const },
    { text: String(l.count), alignment: "right" as const },
    { text: formatRM(l.price * l.count), alignment: "right" as const },
  ]);
  const totalRow: TableCell[] = [
    { text: L.total, bold: true, colSpan: 3 },
    {},
    {},
    { text: formatRM(d.total), bold: true, alignment: "right" as const },
  ];
  const closing: Content =
    kind === "receipt"
      ? { text: L.pdfReceiptClosing, margin: [0, 16, 0, 0] }
      : { text: L.pdfInvoiceClosing, margin: [0, 16, 0, 0] };
  return {
    info: { title: `${d.regattaName} ${title.toLowerCase()} ${d.id}`, creator: "Regatta" },
    pageSize: "A4",
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { font: "Roboto", fontSize: 10 },
    content: [
      { text: d.regattaName, fontSize: 16, bold: true },
      { text: title, fontSize: 13, bold: true, margin: [0, 4, 0, 12] },
      {
        table: { widths: [90, "*"], body: facts.map(([k, v]) => [{ text: k, bold: true }, { text: v }]) },
        layout: "noBorders",
        margin: [0, 0, 0, 14],
      },
      {
        table: { headerRows: 1, widths: ["*", 80, 40, 80], body: [head, ...rows, totalRow] },
        layout: "lightHorizontalLines",
      },
      closing,
    ],
  };
}

/** Order lines on an invoice's or receipt's first page (under the facts) and on each further page:
 * a little under what fits (about 42 measured), so the estimate errs towards more pages. */
const LINES_FIRST_PAGE = 30;
const LINES_PER_PAGE = 40;

/** The pages an order's document may reach, for renderPdf (a very large order goes to the worker). */
export function orderDocPages(lines: number): number {
  return 1 + Math.ceil(Math.max(0, lines - LINES_FIRST_PAGE) / LINES_PER_PAGE);
}

/** The PDF's bytes (Roboto, A4, one or more pages for long orders), in `locale` (English by
 * default). */
export async function orderPdf(kind: OrderDocKind, doc: OrderDoc, locale: Locale = "en"): Promise<Buffer> {
  return renderPdf(definition(kind, doc, locale), { pages: orderDocPages(doc.lines.length) });
}

// The first document of a process also pays for loading pdfmake's code and parsing the fonts (about
// 300 ms); a production server makes one throwaway document (on this thread: the worker is started
// by the first big document only) shortly after start-up so that no buyer waits for it.
if (process.env.NODE_ENV === "production") {
  const warmUp: OrderDoc = {
    regattaName: "Regatta",
    id: 0,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    status: "PAID",
    transactionId: null,
    owner: { name: "", email: "warm-up" },
    team: null,
    lines: [{ kind: "TICKET", label: "Dinner Ticket", price: 0, count: 1 }],
    total: 0,
  };
  setTimeout(() => orderPdf("receipt", warmUp).catch(() => {}), 2_000).unref();
}

/** A download answer: 'invoice.pdf' / 'receipt.pdf', never cached by shared caches. */
export function pdfResponse(kind: OrderDocKind, bytes: Buffer): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${kind}.pdf"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * The invoice (any status) or the receipt (PAID only) of the order with this token, for its owner
 * or an ADMIN (the route table admits ADMIN and MANAGER; others are turned away before the token
 * is looked at). Anyone else, an unknown token, or a receipt of an unpaid order: the same 404.
 * Made in `pdfDownloads` under the viewer's key (every request here is signed in: the token alone
 * opens nothing); busy (the viewer already has a PDF being made or waiting, or eight wait): 429.
 */
export async function orderDocResponse(
  request: Request,
  token: string | undefined,
  kind: OrderDocKind,
): Promise<Response> {
  const viewer = await requireUser(request, "orders");
  // In any edition: a manager keeps last year's receipts (issue 21); named after its own edition.
  const doc = token ? orderDocFor(viewer, token) : null;
  if (!doc || (kind === "receipt" && doc.status !== "PAID")) return notFound();
  try {
    const bytes = await pdfDownloads.run(
      () => orderPdf(kind, doc, localeOf(request)),
      pdfDownloadKey(viewer.id),
    );
    return pdfResponse(kind, bytes);
  } catch (error) {
    if (isBusyResponse(error)) return error;
    console.error(`pdf: ${kind} of order #${doc.id} failed`, error);
    return redirectWithToast(request, "/orders", {
      type: "error",
      message: messagesFor(request).MSG.downloadError(kind),
    });
  }
}
