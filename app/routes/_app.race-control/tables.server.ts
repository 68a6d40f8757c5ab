// /race-control's two tables (the races in race-number order, the rounds not scheduled), written
// on the server as HTML text (issue 30, ADR 0022): a day of 130 races with their Ready lanes and
// row forms is the page's bulk, and as React elements it was rendered twice on the server (the
// page, the rows' data) and again in the browser. Written here once: the rows' data and the
// cells' code stay on the server, and the page shows the markup (components/HtmlForms.tsx
// HtmlTable). The loader writes them; so do the refusals that change them (the boxes ticked
// before a refused Schedule, the lane of a refused Mark Ready with its reason).
import type { ReadyFailure } from "~/components/LaneReadiness";
import { type CellContext, tableHtml } from "~/components/DataTable";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { untilDataChanges } from "~/lib/data-version.server";
import type { Bundle } from "~/messages";
import { raceDays, TIMETABLE_MAX, timetable } from "~/models/race-control.server";
import { staleSeedings } from "~/models/progression.server";
import { readinessOf } from "~/models/readiness.server";
import { type ServerHtml, serverHtml } from "~/rules/form-html";
import { parseDay } from "~/services/race-pdf.server";
import { type ReadinessByRound, readinessOfPage, readyColumn } from "./readiness.server";
import { columnsOf, type Row } from "./table.server";

/** The rounds the page lists (the Day filter's day, else every day), and what their rows show. */
export type Timetable = {
  days: string[];
  day: string | null;
  rows: Row[];
  stale: Record<number, string[]>;
  readiness: ReadinessByRound;
};

export type Tables = { count: number; scheduled: ServerHtml | null; unscheduled: ServerHtml | null };

/** The Day filter (`?day=yyyy-MM-dd`): one of the edition's race days, else every day. */
function dayOf(request: Request, days: string[]): string | null {
  const raw = new URL(request.url).searchParams.get("day");
  return raw && days.includes(raw) ? raw : null;
}

export function timetableOf(request: Request, editionId: number): Timetable {
  const days = raceDays(editionId);
  const day = dayOf(request, days);
  const rows = timetable(editionId, TIMETABLE_MAX, day ? (parseDay(day) ?? undefined) : undefined);
  return {
    days,
    day,
    rows,
    stale: staleSeedings(editionId),
    // Every lane of every round on the page, Ready or not: one query (issue 28).
    readiness: readinessOfPage(
      readinessOf(
        editionId,
        rows.map((r) => r.id),
      ),
    ),
  };
}

/** The tables for `request`'s URL (a row's forms post back to it). `ticked`: the boxes a refused
 * Schedule had ticked; `failed`: a refused Mark Ready or Undo (its race's lanes open, with the
 * reason typed and why). */
export function tablesOf(
  request: Request,
  t: Bundle,
  admin: boolean,
  { rows, stale, readiness }: Timetable,
  { ticked = new Set(), failed }: { ticked?: ReadonlySet<number>; failed?: ReadyFailure | null } = {},
): Tables {
  const url = new URL(request.url);
  const at: CellContext = { pathname: url.pathname, search: url.search };
  const columns = columnsOf(t, admin, ticked, stale, readyColumn(t, readiness, failed));
  const scheduled = rows.filter((r) => r.raceNumber !== null);
  const unscheduled = rows.filter((r) => r.raceNumber === null);
  const table = (list: Row[], caption: string) =>
    list.length === 0 ? null : serverHtml(tableHtml(columns, list, caption, at));
  return {
    count: rows.length,
    scheduled: table(scheduled, t.LABELS.rcTimetableCaption),
    unscheduled: table(unscheduled, t.LABELS.rcUnscheduledCaption),
  };
}

/** The page's tables and its race days as the loader sends them, kept until the database changes
 * (lib/data-version.server.ts: exact; nothing in them depends on the clock), per edition, role,
 * language and URL: a day of race control is read far more often than it is written. */
export const pageTablesOf = untilDataChanges(
  (request: Request, editionId: number, admin: boolean) => {
    const page = timetableOf(request, editionId);
    return { days: page.days, day: page.day, tables: tablesOf(request, messagesFor(request), admin, page) };
  },
  (request, editionId, admin) => {
    const url = new URL(request.url);
    return `${editionId}|${admin}|${localeOf(request)}|${url.pathname}${url.search}`;
  },
);
