// /race-control's table: the columns of the timetable (shared with /race-control.csv) and the row's
// small forms (Start, Undo start, Undo seeding, Re-seed). Checkboxes belong to the Schedule form by its id
// (`form=`), so the table needs no form around it (a Start form sits in each row). The screen's
// cells are HTML text: the loader writes the tables on the server (./tables.server.ts; issue 30,
// ADR 0022), so neither the rows nor this code go to the browser.
import type { CellContext, Column } from "~/components/DataTable";
import { fastLinkHtml } from "~/components/FastLink";
import type { Bundle } from "~/messages";
import { hiddenHtml, postFormHtml } from "~/rules/form-html";
import { attrsHtml, elementHtml, escapeHtml } from "~/rules/html";
import { SCHEDULE_FORM } from "./ScheduleForm";
import type { TimetableRow } from "~/models/race-control.server";
import { roundState, stateLabel } from "~/rules/results";
import { formatClock, formatRaceTime } from "~/rules/timetable";

/** The rows as the loader sends them (times as ms). */
export type Row = TimetableRow;

export const raceLabel = ({ LABELS }: Bundle, r: Row) =>
  LABELS.rcRaceLabel(r.raceNumber, `${r.eventName} ${r.name}`);

/** The state shown: Scheduled / Started / Provisional (protests until HH:MM) / Official (revised). */
export function stateText({ LABELS }: Bundle, r: Row): string {
  const state = roundState(r);
  if (state === "PROVISIONAL" && r.protestUntil !== null)
    return LABELS.rsProtestsUntil(formatClock(r.protestUntil));
  return stateLabel(LABELS, state, r.revision);
}

/** The CSV's columns (and the screen's text columns). */
export const csvColumnsOf = (t: Bundle): Column<Row>[] => [
  { label: t.LABELS.rcColRace, cell: (r) => r.raceNumber ?? "" },
  {
    label: t.LABELS.rcColScheduled,
    cell: (r) => (r.scheduledAt === null ? "" : formatRaceTime(r.scheduledAt)),
  },
  { label: t.LABELS.event, cell: (r) => r.eventName, className: "cell-text" },
  { label: t.LABELS.rdRound, cell: (r) => r.name, className: "cell-text" },
  { label: t.LABELS.rcColLanes, cell: (r) => r.lanes },
  { label: t.LABELS.rcColState, cell: (r) => stateText(t, r) },
];

/** The screen's columns: a tick box for ADMIN (Schedule), the CSV's columns with the round's
 * seeding note, its files, and Start. `ticked`: the boxes ticked before a refused Schedule;
 * `stale`: the seeded rounds whose source rounds were revised since, with those rounds' names. */
export function columnsOf(
  t: Bundle,
  admin: boolean,
  ticked: ReadonlySet<number>,
  stale: Readonly<Record<number, string[]>> = {},
  /** The Ready column (issue 28: ./readiness.server.ts), after Lanes; none in the CSV. */
  ready?: Column<Row>,
): Column<Row>[] {
  const { LABELS } = t;
  const [race, scheduled, event, round, lanes, state] = csvColumnsOf(t);
  const select: Column<Row> = {
    label: LABELS.rcColSelect,
    html: (r) =>
      `<input${attrsHtml({
        type: "checkbox",
        name: "ids",
        form: SCHEDULE_FORM,
        "aria-label": LABELS.rcSelectRound(raceLabel(t, r)),
        value: r.id,
        checked: ticked.has(r.id),
      })}/>`,
    csv: () => null,
  };
  return [
    ...(admin ? [select] : []),
    race,
    scheduled,
    // On a phone the Event column folds under the round's name.
    { ...event, className: "cell-text rc-event" },
    { ...round, cell: undefined, html: (r, at) => roundHtml(t, r, admin, stale[r.id], at) },
    lanes,
    ...(ready ? [ready] : []),
    state,
    { label: LABELS.rcColFiles, html: (r) => filesHtml(t, r), csv: () => null, className: "cell-actions" },
    {
      label: LABELS.colActions,
      html: (r, at) => startHtml(t, r, at),
      csv: () => null,
      className: "cell-actions",
    },
  ];
}

/** The page's own URL: a row's forms post to it, and come back to the same Day. */
const here = ({ pathname, search }: CellContext) => `${pathname}${search}`;

const buttonHtml = (className: string, label: string, text: string) =>
  elementHtml("button", { type: "submit", class: className, "aria-label": label }, text);

function roundHtml(t: Bundle, row: Row, admin: boolean, revised: string[] | undefined, at: CellContext) {
  const { LABELS } = t;
  const name = `${escapeHtml(row.name)}${elementHtml("span", { class: "rc-event-inline" }, row.eventName)}`;
  if (row.seededAt === null) return name;
  let out = `${name}<span class="rc-seeded">${elementHtml("small", { class: "hint" }, LABELS.rcSeededByPlan)}`;
  if (admin)
    out += postFormHtml(
      { task: LABELS.rcTaskUndoingSeeding, action: `/rounds/${row.id}/unseed`, className: "inline-form" },
      buttonHtml("btn btn-small", LABELS.rcUndoSeedingOf(raceLabel(t, row)), LABELS.rcUndoSeeding),
    );
  out += "</span>";
  if (revised?.length) {
    // A source revised (a protest upheld) after the seeding: its lanes may no longer be right.
    out += `<span class="rc-seeded rc-stale">${elementHtml("small", { class: "hint", role: "status" }, LABELS.pgStale(revised, row.name))}`;
    if (admin)
      out += postFormHtml(
        {
          task: LABELS.pgTaskReseeding,
          action: here(at),
          className: "inline-form",
          preventScrollReset: true,
        },
        hiddenHtml("intent", "reseed") +
          hiddenHtml("id", row.id) +
          buttonHtml("btn btn-small", LABELS.pgReseedOf(raceLabel(t, row)), LABELS.pgReseed),
      );
    out += "</span>";
  }
  return out;
}

function filesHtml(t: Bundle, row: Row): string {
  const { LABELS } = t;
  const name = raceLabel(t, row);
  return (
    '<span class="row-actions">' +
    // The results desk: a client-side navigation; the files: document requests (the browser saves them).
    fastLinkHtml(`/rounds/${row.id}/results`, LABELS.rcResults, { "aria-label": LABELS.rcResultsOf(name) }) +
    elementHtml(
      "a",
      { href: `/rounds/${row.id}/start-list.pdf`, "aria-label": LABELS.rcStartListOf(name) },
      LABELS.rcStartList,
    ) +
    elementHtml(
      "a",
      { href: `/rounds/${row.id}/lynx.evt`, "aria-label": LABELS.rcEvtOf(name) },
      LABELS.rcEvt,
    ) +
    "</span>"
  );
}

function startHtml(t: Bundle, row: Row, at: CellContext): string {
  const { LABELS } = t;
  const name = raceLabel(t, row);
  const form = (task: string, intent: string, button: string) =>
    postFormHtml(
      { task, action: here(at), className: "inline-form", preventScrollReset: true },
      hiddenHtml("intent", intent) + hiddenHtml("id", row.id) + button,
    );
  let body = "";
  if (row.resultState === "NONE" && row.startedAt === null) {
    body = form(
      LABELS.rcTaskStarting,
      "start",
      buttonHtml("btn btn-primary btn-small", LABELS.rcStartOf(name), LABELS.rcStart),
    );
  } else if (row.startedAt !== null) {
    body = elementHtml("small", { class: "hint" }, LABELS.rcStartedAt(formatClock(row.startedAt)));
    if (row.resultState === "NONE")
      body += form(
        LABELS.rcTaskUndoingStart,
        "undoStart",
        buttonHtml("btn btn-small", LABELS.rcUndoStartOf(name), LABELS.rcUndoStart),
      );
  }
  return `<span class="row-actions">${body}</span>`;
}
