// Crew tag PDFs (beyond the spec, issue 10; docs/decisions/0017-crew-tags.md). A4 pages of 8
// cards (2 across, 4 down), each 98 x 71 mm (fits a 4 x 3 inch badge holder) with thin cut lines
// and crop marks in the margin: the regatta, the member's NAME, their club, their approved photo
// (or a placeholder), their events and teams, and a QR code of their signed scan code
// (`#<id>.<version>.<signature>`, lib/scan-code.server.ts) with the code printed under it. The QR code is
// pdfmake's own `qr` node (vector squares, no image and no extra package).
//
// Making a PDF is slow (every photo is decoded and shrunk, then the document is laid out), so it
// waits in the PDF download queue shared with invoices and receipts (pdf.server.ts pdfDownloads):
// one runs at a time per process and up to eight more may wait, at most one per user (running or
// waiting): a user asking again meanwhile, or the queue full, is refused with 429. One manager
// looping cannot turn everyone else away.
import type { Column, Content } from "pdfmake/interfaces";
import { isBusyResponse } from "~/lib/limiter.server";
import { messagesFor } from "~/i18n/locale.server";
import { type PdfDoc, pdfDownloadKey, pdfDownloads, renderPdf } from "~/lib/pdf.server";
import { loadSharp } from "~/lib/photos.server";
import { type Bundle, EN } from "~/messages";
import { readPhoto } from "~/models/photo.server";
import { signedCode } from "~/lib/scan-code.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findAssociation } from "~/models/association.server";
import { type CrewTagMember, crewTagCount, crewTagMembers } from "~/models/crew-tags.server";
import { crewTagVersion, getSettings } from "~/models/settings.server";
import {
  CARDS_ACROSS,
  CARDS_DOWN,
  CARDS_PER_PAGE,
  crewTagsFileName,
  cut,
  fitEntries,
  MAX_LINE_CHARS,
  parsePart,
  partCount,
  partRange,
  regattaLine,
  tagName,
} from "~/rules/crew-tags";

/** The queue crew tag PDFs wait in: the one shared with invoices and receipts (not a copy of it). */
export const crewTagJobs = pdfDownloads;
/** The key a requester's PDFs count against in `crewTagJobs`. */
export const crewTagKey = pdfDownloadKey;

// Geometry, in PDF points (1/72 inch). A4 is 595.28 x 841.89.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
export const CARD_W = 277;
export const CARD_H = 200;
export const GRID_X = (PAGE_W - CARD_W * CARDS_ACROSS) / 2;
export const GRID_Y = (PAGE_H - CARD_H * CARDS_DOWN) / 2;
const PAD = 10;
const INNER_W = CARD_W - 2 * PAD;
const PHOTO_W = 78;
const PHOTO_H = 104;
/** QR code: always version 2 (25 x 25 modules; at error correction M it holds 26 bytes, and the
 * longest code, `#` + 9 digits + `.` + 4-digit tag version + `.` + 10, is 26: SIGNED_CODE_MAX), so
 * every card's code is the same size: `fit` 75 gives 3-point (1 mm) modules. */
const QR_FIT = 75;
const QR_VERSION = 2;
const QR_COL = 82;
const GAP = 12;
const ENTRIES_W = INNER_W - PHOTO_W - QR_COL - 2 * GAP;
const ENTRY_SIZE = 7;
const ENTRY_LINE = ENTRY_SIZE * 1.17; // Roboto's line height
/** Photos are shrunk to this (3:4, about 240 dpi at the printed size). */
const THUMB_W = 240;
const THUMB_H = 320;

export type CrewTagCard = { member: CrewTagMember; code: string; photo: string | null };
/** `regattaName`: the first line of every card (regattaLine: the name and year). */
export type CrewTagDoc = {
  regattaName: string;
  association: string;
  cards: CrewTagCard[];
  /** The words printed on the cards (the requester's language; English by default). */
  labels?: Bundle["LABELS"];
};

/** Where card `i` of a page sits (its top-left corner). */
export function cardOrigin(i: number): { x: number; y: number } {
  const slot = i % CARDS_PER_PAGE;
  return { x: GRID_X + (slot % CARDS_ACROSS) * CARD_W, y: GRID_Y + Math.floor(slot / CARDS_ACROSS) * CARD_H };
}

/** A photo as a small JPEG data URL for the card, or null when it cannot be read. */
async function thumbnail(name: string): Promise<string | null> {
  const bytes = readPhoto(name);
  if (!bytes) return null;
  try {
    const sharp = await loadSharp();
    const jpeg = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: "error" })
      .resize(THUMB_W, THUMB_H, { fit: "cover", position: "centre" })
      .jpeg({ quality: 78 }) // not mozjpeg: twice as slow for a few KB less
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch (error) {
    console.warn(`crew tags: photo ${name} could not be read`, error);
    return null;
  }
}

/** Photos shrunk at once while cards are made: libvips uses a thread each, and a full-size photo
 * is at most about 200 KB of JPEG, so this bounds both time and memory. */
const PHOTOS_AT_ONCE = 2;

/** The cards of these members, in their order: signed codes (of the edition's crew tag version now)
 * and shrunk photos. */
export async function cardsOf(editionId: number, members: CrewTagMember[]): Promise<CrewTagCard[]> {
  const cards: CrewTagCard[] = new Array(members.length);
  const version = crewTagVersion(editionId);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < members.length; i = next++) {
      const member = members[i];
      const photo = member.photo ? await thumbnail(member.photo) : null;
      cards[i] = { member, code: signedCode(member.id, version), photo };
    }
  };
  await Promise.all(Array.from({ length: PHOTOS_AT_ONCE }, worker));
  return cards;
}

function placeholder(L: Bundle["LABELS"]): Column {
  // A grey box with a head-and-shoulders outline: no approved photo to print.
  const cx = PHOTO_W / 2;
  const h = PHOTO_H;
  return {
    stack: [
      {
        canvas: [
          { type: "rect", x: 0, y: 0, w: PHOTO_W, h, color: "#eeeeee", lineColor: "#bbbbbb" },
          { type: "ellipse", x: cx, y: h * 0.37, r1: h * 0.15, r2: h * 0.18, color: "#cccccc" },
          {
            type: "polyline",
            closePath: true,
            color: "#cccccc",
            points: [
              { x: cx - h * 0.27, y: h - 1 },
              { x: cx - h * 0.25, y: h * 0.69 },
              { x: cx - h * 0.1, y: h * 0.6 },
              { x: cx + h * 0.1, y: h * 0.6 },
              { x: cx + h * 0.25, y: h * 0.69 },
              { x: cx + h * 0.27, y: h - 1 },
            ],
          },
        ],
      },
      {
        text: L.tagNoPhoto,
        fontSize: 6.5,
        color: "#777777",
        alignment: "center",
        relativePosition: { x: 0, y: -12 },
      },
    ],
    width: PHOTO_W,
  };
}

function entriesOf(card: CrewTagCard, association: string, L: Bundle["LABELS"]): Column {
  const labelLines = 1;
  const maxLines = Math.floor(PHOTO_H / ENTRY_LINE) - labelLines;
  // Roboto's capitals are about 0.65 em wide: estimate on the wide side.
  const charsPerLine = Math.floor(ENTRIES_W / (ENTRY_SIZE * 0.68));
  const { lines, more } = fitEntries(card.member.entries, association, { maxLines, charsPerLine });
  const body: Content[] = lines.map((e) => ({
    text: [{ text: e.event, bold: true }, ` ${e.team}`],
    fontSize: ENTRY_SIZE,
  }));
  if (more > 0) body.push({ text: L.tagMore(more), fontSize: ENTRY_SIZE, color: "#555555" });
  if (lines.length === 0 && more === 0) {
    body.push({ text: L.tagNoTeam, fontSize: ENTRY_SIZE, color: "#777777" });
  }
  return {
    width: ENTRIES_W,
    stack: [{ text: L.tagEvents, fontSize: 6, bold: true, color: "#666666", characterSpacing: 0.5 }, ...body],
  };
}

function card(c: CrewTagCard, i: number, doc: CrewTagDoc): Content {
  const { x, y } = cardOrigin(i);
  return {
    absolutePosition: { x: x + PAD, y: y + PAD },
    columns: [
      {
        width: INNER_W,
        stack: [
          { text: cut(doc.regattaName, MAX_LINE_CHARS), fontSize: 7, color: "#666666" },
          {
            text: tagName(c.member.name, c.member.email),
            fontSize: 13,
            bold: true,
            lineHeight: 1,
            margin: [0, 2, 0, 1],
          },
          {
            text: cut(doc.association, MAX_LINE_CHARS),
            fontSize: 8.5,
            color: "#222222",
            margin: [0, 0, 0, 7],
          },
          {
            columnGap: GAP,
            columns: [
              c.photo
                ? { image: c.photo, width: PHOTO_W, height: PHOTO_H }
                : placeholder(doc.labels ?? EN.LABELS),
              entriesOf(c, doc.association, doc.labels ?? EN.LABELS),
              {
                width: QR_COL,
                stack: [
                  { qr: c.code, fit: QR_FIT, version: QR_VERSION, eccLevel: "M", alignment: "center" },
                  { text: c.code, fontSize: 6.5, alignment: "center", margin: [0, 3, 0, 0] },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** Thin grey lines around the page's cards and black crop marks in the margin at every cut. */
function cutLines(cardsOnPage: number): Content {
  const lines: {
    type: "line";
    x1: number;
    y1: number;
    x2: number;
    y2: number;
    lineWidth: number;
    lineColor: string;
  }[] = [];
  const grey = (x1: number, y1: number, x2: number, y2: number) =>
    lines.push({ type: "line", x1, y1, x2, y2, lineWidth: 0.4, lineColor: "#b0b0b0" });
  const mark = (x1: number, y1: number, x2: number, y2: number) =>
    lines.push({ type: "line", x1, y1, x2, y2, lineWidth: 0.5, lineColor: "#000000" });
  for (let i = 0; i < cardsOnPage; i++) {
    const { x, y } = cardOrigin(i);
    grey(x, y, x + CARD_W, y);
    grey(x, y + CARD_H, x + CARD_W, y + CARD_H);
    grey(x, y, x, y + CARD_H);
    grey(x + CARD_W, y, x + CARD_W, y + CARD_H);
  }
  const rows = Math.ceil(cardsOnPage / CARDS_ACROSS);
  const m = 4; // crop marks stop this far from the grid
  const len = GRID_X - m - 2;
  for (let r = 0; r <= rows; r++) {
    const yy = GRID_Y + r * CARD_H;
    mark(GRID_X - m - len, yy, GRID_X - m, yy);
    mark(GRID_X + CARDS_ACROSS * CARD_W + m, yy, GRID_X + CARDS_ACROSS * CARD_W + m + len, yy);
  }
  for (let col = 0; col <= CARDS_ACROSS; col++) {
    const xx = GRID_X + col * CARD_W;
    mark(xx, GRID_Y - m - len, xx, GRID_Y - m);
    const bottom = GRID_Y + rows * CARD_H;
    mark(xx, bottom + m, xx, bottom + m + len);
  }
  return { canvas: lines, absolutePosition: { x: 0, y: 0 } };
}

export function crewTagDefinition(doc: CrewTagDoc): PdfDoc {
  const content: Content[] = [];
  for (let start = 0; start < doc.cards.length; start += CARDS_PER_PAGE) {
    const page = doc.cards.slice(start, start + CARDS_PER_PAGE);
    content.push({ text: "", pageBreak: start > 0 ? "before" : undefined });
    content.push(cutLines(page.length));
    page.forEach((c, i) => {
      content.push(card(c, i, doc));
    });
  }
  return {
    info: { title: `${doc.regattaName} crew tags: ${doc.association}`, creator: "Regatta" },
    pageSize: "A4",
    pageMargins: [GRID_X, GRID_Y, GRID_X, GRID_Y],
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content,
  };
}

/** The PDF of these cards (at least one); a large batch is laid out in the PDF worker. */
export async function crewTagsPdf(doc: CrewTagDoc): Promise<Buffer> {
  return renderPdf(crewTagDefinition(doc), { pages: Math.ceil(doc.cards.length / CARDS_PER_PAGE) });
}

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * The crew tag PDF of an association (the route has checked who may ask for which), for an edition
 * (the open one: a tag opens only its kiosk): `?part=n` of
 * its paid members by name, CREW_TAGS_PER_PDF a part. No such association or part: 404. No paid
 * member: back to `back` with a warning. Busy (the queue full, or `requesterId` already has a PDF
 * being made or waiting): 429. A failure: back with an error toast.
 */
export async function crewTagsResponse(
  request: Request,
  editionId: number,
  associationId: number,
  back: string,
  requesterId: number,
): Promise<Response> {
  const association = findAssociation(associationId);
  if (!association) return notFound();
  const { LABELS } = messagesFor(request); // the cards and toasts in the requester's language
  const total = crewTagCount(association.id);
  if (total === 0) return redirectWithToast(request, back, { type: "warning", message: LABELS.crewTagsNone });
  const part = parsePart(new URL(request.url).searchParams.get("part"));
  const range = part === null ? null : partRange(part, total);
  if (part === null || !range) return notFound();
  let bytes: Buffer;
  try {
    bytes = await crewTagJobs.run(async () => {
      const { members } = crewTagMembers(editionId, association.id, range);
      const cards = await cardsOf(editionId, members);
      const { regattaName, regattaYear } = getSettings(editionId);
      return crewTagsPdf({
        regattaName: regattaLine(regattaName, regattaYear),
        association: association.name,
        cards,
        labels: LABELS,
      });
    }, crewTagKey(requesterId));
  } catch (error) {
    if (isBusyResponse(error)) return error;
    console.error(`crew tags: the PDF of association #${association.id} failed`, error);
    return redirectWithToast(request, back, { type: "error", message: LABELS.crewTagsError });
  }
  const name = crewTagsFileName(association, part, partCount(total));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
