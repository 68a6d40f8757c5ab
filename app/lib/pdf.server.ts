// Invoice and receipt PDFs, made with pdfmake on the server. The Roboto files that ship with
// pdfmake are read once into pdfmake's in-memory file system and parsed once per process (see
// `parseFontsOnce`); pdfmake may fetch no URL at all and read no local file outside that font
// folder (a document never names an image or a file, but the policies hold even if one did). See
// docs/decisions/0013-orders-pdfs-jobs.md. A document speaks the locale it is made in: the
// requester's for a download, the owner's (users.locale) for the emailed receipt.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { requireUser } from "~/lib/access.server";
import { redirectWithToast } from "~/lib/toast.server";
import { orderDocFor } from "~/models/order-list.server";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { formatDateTime, formatRM } from "~/rules/format";

/** pdfmake 0.3's server object (the @types package still describes 0.2's PdfPrinter). */
type PdfMake = {
  virtualfs: { writeFileSync(name: string, data: Buffer): void };
  setFonts(fonts: Record<string, Record<"normal" | "bold" | "italics" | "bolditalics", string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
};
const require = createRequire(import.meta.url);

/**
 * pdfkit parses the font file again for every document (fontkit.create on the same bytes), which
 * was most of a PDF's time (about 40 of 50 ms). fontkit fonts are read-only once parsed, so pdfkit
 * is given a fontkit whose `create` keeps the parsed font per byte buffer: the four Roboto buffers
 * below are parsed once per process. This must run before pdfkit is first loaded (pdfmake loads
 * it), hence `require` rather than `import` for pdfmake. If the packages ever change shape, it
 * does nothing and PDFs are made as before, only slower.
 */
function parseFontsOnce(): void {
  try {
    const pdfkitDir = path.dirname(
      require.resolve("pdfkit/package.json", {
        paths: [path.dirname(require.resolve("pdfmake/package.json"))],
      }),
    );
    const fontkitPath = require.resolve("fontkit", { paths: [pdfkitDir] });
    const fontkit = require(fontkitPath) as { create(bytes: Uint8Array, name?: string): unknown };
    const entry = require.cache[fontkitPath];
    if (!entry || typeof fontkit.create !== "function" || require.cache[require.resolve("pdfkit")]) return;
    const parsed = new WeakMap<Uint8Array, object>();
    entry.exports = {
      ...fontkit,
      create(bytes: Uint8Array, name?: string) {
        if (name) return fontkit.create(bytes, name);
        let font = parsed.get(bytes);
        if (!font) {
          font = fontkit.create(bytes) as object;
          parsed.set(bytes, font);
        }
        // Each document gets a view of the parsed font with its own glyph cache (and its own layout
        // engine, made lazily on the view): the decoded tables stay shared. fontkit keeps a glyph
        // with the code points it was first asked for, and a subset asks for its glyphs (and their
        // components, such as the dots of ':') without any: a glyph cache shared between documents
        // left later documents' text layer (ToUnicode) missing or garbling such characters, so their
        // text could not be searched, copied or read aloud. The parsed font itself is never used.
        return Object.assign(Object.create(font), { _glyphs: {} });
      },
    };
  } catch (error) {
    console.warn("pdf: fonts will be parsed per document", error);
  }
}
parseFontsOnce();
const pdfmake = require("pdfmake") as PdfMake;

const FONT_DIR = path.dirname(require.resolve("pdfmake/fonts/Roboto/Roboto-Regular.ttf"));

let ready = false;
function setUp() {
  if (ready) return;
  const files = {
    normal: "Roboto-Regular.ttf",
    bold: "Roboto-Medium.ttf",
    italics: "Roboto-Italic.ttf",
    bolditalics: "Roboto-MediumItalic.ttf",
  };
  for (const file of Object.values(files)) {
    pdfmake.virtualfs.writeFileSync(file, fs.readFileSync(path.join(FONT_DIR, file)));
  }
  pdfmake.setFonts({ Roboto: files });
  pdfmake.setUrlAccessPolicy(() => false);
  const root = `${FONT_DIR}${path.sep}`;
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(root));
  ready = true;
}

export type OrderDocKind = "invoice" | "receipt";

export type OrderDoc = {
  regattaName: string;
  id: number;
  createdAt: Date;
  /** When it was last changed (for a receipt: when it was paid). */
  updatedAt: Date;
  status: string;
  transactionId: string | null;
  owner: { name: string; email: string };
  team: string | null;
  /** `kind` TICKET: named in the document's language (the stored name is English). */
  lines: { kind?: string; label: string; price: number; count: number }[];
  total: number;
};

function definition(kind: OrderDocKind, d: OrderDoc, locale: Locale): TDocumentDefinitions {
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

/** Any document's bytes, with the app's fonts and access policies (crew tags use it too). */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  setUp();
  return pdfmake.createPdf(doc).getBuffer();
}

/** The PDF's bytes (Roboto, A4, one or more pages for long orders), in `locale` (English by
 * default). */
export async function orderPdf(kind: OrderDocKind, doc: OrderDoc, locale: Locale = "en"): Promise<Buffer> {
  return renderPdf(definition(kind, doc, locale));
}

// The first document of a process also pays for loading pdfmake's code and parsing the fonts
// (about 300 ms); a production server makes one throwaway document shortly after start-up so that
// no buyer waits for it.
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
    return pdfResponse(kind, await orderPdf(kind, doc, localeOf(request)));
  } catch (error) {
    console.error(`pdf: ${kind} of order #${doc.id} failed`, error);
    return redirectWithToast(request, "/orders", {
      type: "error",
      message: messagesFor(request).MSG.downloadError(kind),
    });
  }
}
