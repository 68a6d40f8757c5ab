// /race-control's table: the columns of the timetable (shared with /race-control.csv) and the row's
// small forms (Start, Undo start, Undo seeding, Re-seed). Checkboxes belong to the Schedule form by its id
// (`form=`), so the table needs no form around it (a Start form sits in each row).
import type { ReactNode } from "react";
import { FastLink } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import { PostForm } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import type { TimetableRow } from "~/models/race-control.server";
import { roundState, stateLabel } from "~/rules/results";
import { formatClock, formatRaceTime } from "~/rules/timetable";

export const SCHEDULE_FORM = "rc-schedule";

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
  /** The Ready column (issue 28: Readiness.tsx), after Lanes; none in the CSV. */
  ready?: Column<Row>,
): Column<Row>[] {
  const { LABELS } = t;
  const [race, scheduled, event, round, lanes, state] = csvColumnsOf(t);
  const select: Column<Row> = {
    label: LABELS.rcColSelect,
    cell: (r) => (
      <input
        type="checkbox"
        name="ids"
        value={r.id}
        form={SCHEDULE_FORM}
        defaultChecked={ticked.has(r.id)}
        aria-label={LABELS.rcSelectRound(raceLabel(t, r))}
      />
    ),
    csv: () => null,
  };
  return [
    ...(admin ? [select] : []),
    race,
    scheduled,
    // On a phone the Event column folds under the round's name.
    { ...event, className: "cell-text rc-event" },
    { ...round, cell: (r) => <RoundCell row={r} admin={admin} revised={stale[r.id]} />, html: undefined },
    lanes,
    ...(ready ? [ready] : []),
    state,
    { label: LABELS.rcColFiles, cell: (r) => <Files row={r} />, csv: () => null, className: "cell-actions" },
    {
      label: LABELS.colActions,
      cell: (r) => <StartCell row={r} />,
      csv: () => null,
      className: "cell-actions",
    },
  ];
}

function RoundCell({ row, admin, revised }: { row: Row; admin: boolean; revised?: string[] }) {
  const t = useMessages();
  const { LABELS } = t;
  const name = (
    <>
      {row.name}
      <span className="rc-event-inline">{row.eventName}</span>
    </>
  );
  if (row.seededAt === null) return name;
  return (
    <>
      {name}
      <span className="rc-seeded">
        <small className="hint">{LABELS.rcSeededByPlan}</small>
        {admin ? (
          <PostForm
            task={LABELS.rcTaskUndoingSeeding}
            action={`/rounds/${row.id}/unseed`}
            className="inline-form"
          >
            <button
              type="submit"
              className="btn btn-small"
              aria-label={LABELS.rcUndoSeedingOf(raceLabel(t, row))}
            >
              {LABELS.rcUndoSeeding}
            </button>
          </PostForm>
        ) : null}
      </span>
      {revised?.length ? (
        // A source revised (a protest upheld) after the seeding: its lanes may no longer be right.
        <span className="rc-seeded rc-stale">
          <small className="hint" role="status">
            {LABELS.pgStale(revised, row.name)}
          </small>
          {admin ? (
            <PostForm task={LABELS.pgTaskReseeding} className="inline-form" preventScrollReset>
              <input type="hidden" name="intent" value="reseed" />
              <input type="hidden" name="id" value={row.id} />
              <button
                type="submit"
                className="btn btn-small"
                aria-label={LABELS.pgReseedOf(raceLabel(t, row))}
              >
                {LABELS.pgReseed}
              </button>
            </PostForm>
          ) : null}
        </span>
      ) : null}
    </>
  );
}

function Files({ row }: { row: Row }) {
  const t = useMessages();
  const { LABELS } = t;
  const name = raceLabel(t, row);
  const links: [string, string, string, boolean][] = [
    [`/rounds/${row.id}/results`, LABELS.rcResults, LABELS.rcResultsOf(name), false],
    [`/rounds/${row.id}/start-list.pdf`, LABELS.rcStartList, LABELS.rcStartListOf(name), true],
    [`/rounds/${row.id}/lynx.evt`, LABELS.rcEvt, LABELS.rcEvtOf(name), true],
  ];
  return (
    <span className="row-actions">
      {links.map(([href, text, label, file]) =>
        file ? (
          // A file: a document request, not a client-side navigation.
          <a key={href} href={href} aria-label={label}>
            {text}
          </a>
        ) : (
          <FastLink key={href} to={href} aria-label={label}>
            {text}
          </FastLink>
        ),
      )}
    </span>
  );
}

function StartCell({ row }: { row: Row }) {
  const t = useMessages();
  const { LABELS } = t;
  const name = raceLabel(t, row);
  let body: ReactNode = null;
  if (row.resultState === "NONE" && row.startedAt === null) {
    body = (
      <PostForm task={LABELS.rcTaskStarting} className="inline-form" preventScrollReset>
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="id" value={row.id} />
        <button type="submit" className="btn btn-primary btn-small" aria-label={LABELS.rcStartOf(name)}>
          {LABELS.rcStart}
        </button>
      </PostForm>
    );
  } else if (row.startedAt !== null) {
    body = (
      <>
        <small className="hint">{LABELS.rcStartedAt(formatClock(row.startedAt))}</small>
        {row.resultState === "NONE" ? (
          <PostForm task={LABELS.rcTaskUndoingStart} className="inline-form" preventScrollReset>
            <input type="hidden" name="intent" value="undoStart" />
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" className="btn btn-small" aria-label={LABELS.rcUndoStartOf(name)}>
              {LABELS.rcUndoStart}
            </button>
          </PostForm>
        ) : null}
      </>
    );
  }
  return <span className="row-actions">{body}</span>;
}
