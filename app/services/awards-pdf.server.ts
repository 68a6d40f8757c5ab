// The prize-giving sheet (issue 29 part 2; /race-control/awards.pdf), A4 for the announcer: every
// final in race order with places 1-3 (team, club, time; a final not Official yet says so), then the
// club table (models/standings.server.ts). Black on white, large enough to read at arm's length on
// a stage, each final kept on one page; the club table starts a page of its own. Laid out like the
// rest of race paper (services/race-pdf.server.ts: its context, its one-at-a-time queue).
import type { Content, TableCell } from "pdfmake/interfaces";
import { formatDateTime } from "~/rules/format";
import { roundState, stateLabel } from "~/rules/results";
import type { AwardsFinal } from "~/models/awards.server";
import type { Standings } from "~/models/standings.server";
import { type PdfDoc, pageNumbersText } from "~/lib/pdf.server";
import type { PaperContext } from "./race-pdf.server";

const RULED = "ruled";

const th = (text: string, alignment: "left" | "right" | "center" = "left"): TableCell => ({
  text,
  bold: true,
  alignment,
});

/** Points as printed: whole numbers as they are, shared points with at most two decimals ("6",
 * "1.5", "2.33"). */
export function pointsText(points: number): string {
  if (Number.isInteger(points)) return String(points);
  return points.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
}

function finalContent(final: AwardsFinal, ctx: PaperContext): Content {
  const L = ctx.labels;
  const title = [
    final.raceNumber !== null ? `${L.bdRace(final.raceNumber)}   ` : "",
    final.roundName.toUpperCase().startsWith(final.eventName.toUpperCase())
      ? final.roundName
      : `${final.eventName} ${final.roundName}`,
  ].join("");
  const state = stateLabel(L, roundState(final), final.revision);
  const head: Content = {
    columns: [
      { text: title, bold: true, fontSize: 14, width: "*" },
      { text: state, bold: true, fontSize: 11, alignment: "right", width: 130 },
    ],
    margin: [0, 0, 0, 4],
  };
  let body: Content;
  if (final.resultState !== "OFFICIAL") {
    body = { text: L.awNotOfficial(state), fontSize: 12 };
  } else if (final.places.length === 0) {
    body = { text: L.awNoPlaces, fontSize: 12 };
  } else {
    body = {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [44, "*", 150, 76],
        body: [
          [th(L.pdfPlace, "center"), th(L.team), th(L.pdfClub), th(L.time, "right")],
          ...final.places.map((p): TableCell[] => [
            { text: String(p.place), bold: true, fontSize: 14, alignment: "center" },
            { text: p.team, bold: true, fontSize: 13 },
            { text: p.club, fontSize: 12 },
            { text: p.time || "—", fontSize: 13, alignment: "right" },
          ]),
        ],
      },
      layout: RULED,
    };
  }
  return { stack: [head, body], unbreakable: true, margin: [0, 0, 0, 14] };
}

function clubTableContent(standings: Standings, ctx: PaperContext): Content[] {
  const L = ctx.labels;
  const content: Content[] = [
    { text: L.awClubTable, fontSize: 15, bold: true, margin: [0, 0, 0, 6], pageBreak: "before" },
  ];
  if (standings.provisional)
    content.push({ text: L.awTableProvisional, bold: true, fontSize: 12, margin: [0, 0, 0, 8] });
  if (standings.rows.length === 0) {
    content.push({ text: L.awNoClubs, fontSize: 12 });
    return content;
  }
  content.push({
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [40, "*", 90, 42, 42, 42, 46],
      body: [
        [
          th(L.awRank, "center"),
          th(L.pdfClub),
          th(L.awPoints, "right"),
          th(L.awFirsts, "right"),
          th(L.awSeconds, "right"),
          th(L.awThirds, "right"),
          th(L.awRaces, "right"),
        ],
        ...standings.rows.map((r): TableCell[] => [
          { text: String(r.rank), bold: true, fontSize: 13, alignment: "center" },
          { text: r.club, bold: true, fontSize: 12 },
          {
            stack: [
              { text: pointsText(r.points), bold: true, fontSize: 13 },
              ...(r.provisionalPoints > 0
                ? [{ text: L.awPlusProvisional(pointsText(r.provisionalPoints)), fontSize: 9 }]
                : []),
            ],
            alignment: "right",
          },
          { text: String(r.first), alignment: "right" },
          { text: String(r.second), alignment: "right" },
          { text: String(r.third), alignment: "right" },
          { text: String(r.races), alignment: "right" },
        ]),
      ],
    },
    layout: RULED,
  });
  return content;
}

/** The whole sheet. */
export function awardsDefinition(finals: AwardsFinal[], standings: Standings, ctx: PaperContext): PdfDoc {
  const L = ctx.labels;
  const printed = `${L.pdfPrintedAt} ${formatDateTime(ctx.printedAt, ctx.locale)}`;
  const content: Content[] = [
    { text: ctx.regatta, fontSize: 16, bold: true },
    { text: L.awTitle, fontSize: 15, bold: true, margin: [0, 2, 0, 12] },
    { text: L.awFinals, fontSize: 13, bold: true, margin: [0, 0, 0, 8] },
    ...(finals.length === 0
      ? [{ text: L.awNoFinals, fontSize: 12 } as Content]
      : finals.map((f) => finalContent(f, ctx))),
    ...clubTableContent(standings, ctx),
  ];
  return {
    info: { title: `${ctx.regatta} ${L.awTitle}`, creator: "Regatta" },
    pageSize: "A4",
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: "Roboto", fontSize: 11, color: "#000000" },
    footer: {
      $perPage: {
        columns: [
          { text: `${ctx.regatta} · ${L.awTitle} · ${printed}`, fontSize: 9 },
          { text: pageNumbersText(L.pdfPage), fontSize: 9, alignment: "right", width: 110 },
        ],
        margin: [40, 16, 40, 0],
      },
    },
    content,
  };
}

/** About how many pages the sheet takes (the layout goes to the PDF worker from 20). */
export const awardsPages = (finals: number, clubs: number) =>
  1 + Math.ceil(finals / 7) + Math.ceil(clubs / 35);
