// Race paper (issue 20, section 5): start lists and result sheets as A4 PDFs for the notice board
// and the officials' clipboards, made with pdfmake like the invoices (lib/pdf.server.ts). Black on
// white, 11-point body, bold headings and a ruled table, so that a photocopy of a photocopy still
// reads. models/race-paper.server.ts reads the rows; this lays them out in the requester's language
// with times in Malaysia time. A day's start lists are one round a page, by race number.
import type { Column, Content, TableCell } from "pdfmake/interfaces";
import type { Locale } from "~/i18n/locale";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { now } from "~/lib/clock.server";
import { createLimiter, isBusyResponse } from "~/lib/limiter.server";
import { type PdfDoc, pageNumbersText, renderPdf } from "~/lib/pdf.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Bundle } from "~/messages";
import type { PaperRound, ResultLane, StartList } from "~/models/race-paper.server";
import { getSettings } from "~/models/settings.server";
import { regattaLine } from "~/rules/crew-tags";
import { formatDateTime, parseMalaysiaLocal } from "~/rules/format";
import { formatTime } from "~/rules/race-time";
import { roundState, stateLabel } from "~/rules/results";

type Labels = Bundle["LABELS"];

/** What every sheet shares: the regatta's line, the words, the locale and when it was printed. */
export type PaperContext = { regatta: string; labels: Labels; locale: Locale; printedAt: number };

const BODY = 11;
const SMALL = 9.5;

/** Black rules: a thicker one under the heading row and around the table, thin between rows (a
 * named layout of server/pdf-layout.mjs: a definition holds no functions). */
const RULED = "ruled";

const when = (ms: number | null, ctx: PaperContext) =>
  ms === null ? ctx.labels.pdfNotScheduled : formatDateTime(ms, ctx.locale);

/** The lines above the table: regatta, title, then label/value facts. */
function heading(
  ctx: PaperContext,
  title: string,
  facts: [string, Content][],
  round?: PaperRound,
): Content[] {
  const titles: Content = {
    stack: [
      { text: ctx.regatta, fontSize: 16, bold: true },
      { text: title, fontSize: 15, bold: true, margin: [0, 2, 0, 10] },
    ],
  };
  // The race number large in the top corner: what a marshal looks for on a board of sheets.
  const corner: Column | null =
    round && round.raceNumber !== null
      ? {
          width: 150,
          stack: [
            { text: ctx.labels.pdfRaceNumber, fontSize: 10, alignment: "right" },
            { text: String(round.raceNumber), fontSize: 34, bold: true, alignment: "right", lineHeight: 0.9 },
          ],
        }
      : null;
  return [
    corner ? { columns: [{ ...titles, width: "*" }, corner], columnGap: 12 } : titles,
    {
      table: {
        widths: [130, "*"],
        body: facts.map(([k, v]): TableCell[] => [{ text: k, bold: true }, v as TableCell]),
      },
      layout: "noBorders",
      margin: [0, 0, 0, 12],
    },
  ];
}

function roundFacts(round: PaperRound, ctx: PaperContext): [string, Content][] {
  const L = ctx.labels;
  return [
    [L.event, { text: round.eventName }],
    [L.round, { text: round.name }],
    [
      L.pdfRaceNumber,
      { text: round.raceNumber === null ? "—" : String(round.raceNumber), bold: true, fontSize: 14 },
    ],
    [L.pdfScheduledStart, { text: when(round.scheduledAt, ctx), bold: true, fontSize: 14 }],
  ];
}

const th = (text: string, alignment: "left" | "right" = "left"): TableCell => ({
  text,
  bold: true,
  alignment,
});

/** The crew's names; one who came in by a race-day crew change (issue 28) in bold, marked
 * "(came in)". */
function crewText(l: StartList["lanes"][number], mark: string) {
  const cameIn = new Set(l.cameIn ?? []);
  return l.crew.flatMap((name, i) => {
    const sep = i < l.crew.length - 1 ? ", " : "";
    return cameIn.has(name) ? [{ text: `${name} (${mark})`, bold: true }, sep] : [`${name}${sep}`];
  });
}

/** One start list (it may run onto a second page; the heading row repeats). */
function startListContent(list: StartList, ctx: PaperContext): Content[] {
  const L = ctx.labels;
  const content = heading(ctx, L.pdfStartList, roundFacts(list.round, ctx), list.round);
  if (list.lanes.length === 0) {
    content.push({ text: L.pdfNoLanes, fontSize: 12 });
    return content;
  }
  const rows = list.lanes.map((l): TableCell[] => [
    { text: l.lane, bold: true, fontSize: 14, alignment: "center" },
    { text: l.team, bold: true },
    { text: l.club },
    l.crew.length > 0
      ? { text: crewText(l, L.ccCameIn), fontSize: 10 }
      : { text: L.pdfNoCrew, fontSize: 10, italics: true },
  ]);
  content.push({
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [44, 120, 100, "*"],
      body: [[th(L.pdfLane), th(L.team), th(L.pdfClub), th(L.crew)], ...rows],
    },
    layout: RULED,
  });
  return content;
}

/** "+5.00" for a 5-second penalty. */
const penaltyText = (ms: number) => `+${formatTime(ms)}`;

/** The Result column: a status, a record (Tug of War), the time with any penalty, or the score. */
function resultText(l: ResultLane): string {
  if (l.status) return l.status;
  if (l.wins !== null && l.losses !== null) return `${l.wins}-${l.losses}`;
  if (l.timeMs !== null) return formatTime(l.timeMs + l.penaltyMs);
  return l.score ?? "—";
}

/** The state as printed: "Provisional, protests until …", "Official", "Official (revised)". */
export function stateText(round: PaperRound, ctx: PaperContext): string {
  const L = ctx.labels;
  const state = roundState(round);
  if (state === "PROVISIONAL" && round.protestUntil !== null) {
    return L.rsProtestsUntil(formatDateTime(round.protestUntil, ctx.locale));
  }
  return stateLabel(L, state, round.revision);
}

function resultSheetContent(round: PaperRound, lanes: ResultLane[], ctx: PaperContext): Content[] {
  const L = ctx.labels;
  const facts = roundFacts(round, ctx);
  facts.push(
    [L.pdfState, { text: stateText(round, ctx).toUpperCase(), bold: true, fontSize: 14 }],
    [L.pdfRevision, { text: String(round.revision), bold: true }],
    [L.pdfResultsAt, { text: round.resultsAt === null ? "—" : formatDateTime(round.resultsAt, ctx.locale) }],
  );
  const content = heading(ctx, L.pdfResultSheet, facts, round);
  if (lanes.length === 0) {
    content.push({ text: L.pdfNoLanes, fontSize: 12 });
    return content;
  }
  if (round.resultState === "NONE")
    content.push({ text: L.pdfNoResults, fontSize: 12, margin: [0, 0, 0, 8] });
  const withReason = (text: string, reason: string, bold = false): TableCell => ({
    stack: [{ text, bold }, ...(reason ? [{ text: reason, fontSize: SMALL }] : [])],
  });
  const rows = lanes.map((l): TableCell[] => [
    {
      text: l.place !== null && l.status === null ? String(l.place) : "—",
      bold: true,
      fontSize: 14,
      alignment: "center",
    },
    { text: l.lane, alignment: "center" },
    {
      stack: [
        { text: l.team, bold: true },
        { text: l.club, fontSize: SMALL },
      ],
    },
    { text: l.timeMs !== null ? formatTime(l.timeMs) : "—", alignment: "right" },
    l.penaltyMs > 0 ? withReason(penaltyText(l.penaltyMs), l.penaltyReason) : { text: "" },
    withReason(resultText(l), l.status ? l.statusReason : "", true),
  ]);
  content.push({
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [58, 40, "*", 56, 90, 96],
      body: [
        [th(L.pdfPlace), th(L.pdfLane), th(L.team), th(L.time, "right"), th(L.pdfPenalty), th(L.pdfResult)],
        ...rows,
      ],
    },
    layout: RULED,
  });
  return content;
}

function document(title: string, content: Content[], ctx: PaperContext): PdfDoc {
  const printed = `${ctx.labels.pdfPrintedAt} ${formatDateTime(ctx.printedAt, ctx.locale)}`;
  return {
    info: { title, creator: "Regatta" },
    pageSize: "A4",
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: "Roboto", fontSize: BODY, color: "#000000" },
    footer: {
      $perPage: {
        columns: [
          { text: `${ctx.regatta} · ${printed}`, fontSize: 9 },
          { text: pageNumbersText(ctx.labels.pdfPage), fontSize: 9, alignment: "right", width: 110 },
        ],
        margin: [40, 16, 40, 0],
      },
    },
    content,
  };
}

const raceName = (round: PaperRound) => (round.raceNumber === null ? round.name : `${round.raceNumber}`);

export function startListDefinition(list: StartList, ctx: PaperContext): PdfDoc {
  return document(
    `${ctx.regatta} ${ctx.labels.pdfStartList} ${raceName(list.round)}`,
    startListContent(list, ctx),
    ctx,
  );
}

export function resultSheetDefinition(round: PaperRound, lanes: ResultLane[], ctx: PaperContext): PdfDoc {
  return document(
    `${ctx.regatta} ${ctx.labels.pdfResultSheet} ${raceName(round)}`,
    resultSheetContent(round, lanes, ctx),
    ctx,
  );
}

/** A day's start lists, one round a page; no round: one page that says so. `day` as printed. */
export function dayDefinition(lists: StartList[], day: string, ctx: PaperContext): PdfDoc {
  const title = ctx.labels.pdfStartLists(day);
  const content: Content[] =
    lists.length === 0
      ? [
          { text: ctx.regatta, fontSize: 16, bold: true },
          { text: title, fontSize: 15, bold: true, margin: [0, 2, 0, 10] },
          { text: ctx.labels.pdfNoRacesOn(day), fontSize: 12 },
        ]
      : lists.map(
          (list, i): Content => ({
            stack: startListContent(list, ctx),
            pageBreak: i > 0 ? "before" : undefined,
          }),
        );
  return document(`${ctx.regatta} ${title}`, content, ctx);
}

/** The words, locale and regatta (the edition's) of this request's sheets. */
export function paperContext(request: Request, editionId: number): PaperContext {
  const { regattaName, regattaYear } = getSettings(editionId);
  return {
    regatta: regattaLine(regattaName, regattaYear),
    labels: messagesFor(request).LABELS,
    locale: localeOf(request),
    printedAt: now(),
  };
}

/** Race paper is made one document at a time per process (a day's may be a few hundred pages: the
 * PDF worker lays it out off the event loop, but it takes the worker, and a core, for seconds);
 * four more may wait, at most two per user (a start list and a result sheet opened together),
 * beyond that 429. */
export const racePaperJobs = createLimiter({ concurrency: 1, queue: 4, perKey: 2 });

/** The PDF as a download named `fileName`, of about `pages` pages (a day's start lists: one a round;
 * a big one is laid out in the PDF worker); busy: 429; a failure: back to race control with a toast. */
export async function racePdfResponse(
  request: Request,
  userId: number,
  fileName: string,
  definition: () => PdfDoc,
  pages = 1,
): Promise<Response> {
  let bytes: Buffer;
  try {
    bytes = await racePaperJobs.run(() => renderPdf(definition(), { pages }), `user:${userId}`);
  } catch (error) {
    if (isBusyResponse(error)) return error;
    console.error(`race paper: ${fileName} failed`, error);
    return redirectWithToast(request, "/race-control", {
      type: "error",
      message: messagesFor(request).LABELS.pdfRaceError,
    });
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A plain-text refusal (a bad day, too many rounds). */
export function plainAnswer(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** "start-list-race-12.pdf" (the round's id when it has no race number yet). */
export function paperFileName(kind: "start-list" | "results", round: PaperRound): string {
  return `${kind}-${round.raceNumber === null ? `round-${round.id}` : `race-${round.raceNumber}`}.pdf`;
}

/** `?day=2026-11-28` -> that Malaysia day as [from, to) in UTC ms and as printed ("28/11/2026");
 * null for anything else (no day, another shape, 31 February). */
export function parseDay(raw: string | null): { from: number; to: number; printed: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw ?? "");
  if (!m) return null;
  const from = parseMalaysiaLocal(`${raw}T00:00`);
  if (from === null) return null;
  return { from, to: from + 24 * 3_600_000, printed: `${m[3]}/${m[2]}/${m[1]}` };
}
