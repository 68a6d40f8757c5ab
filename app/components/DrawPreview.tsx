// The pieces the Generate Draw and Progress dialogs share (/rounds/:id/draw, /rounds/:id/progress):
// the dialog itself (PreviewDialog: the round, a GET form that previews, the plan's refusals, and
// the POST form that saves what was previewed), the source rounds to tick, a number box, the
// ranking of the chosen rounds and the heats a save would write, each heat headed by the round it
// goes into. Every text in the page's language (useMessages).
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import type { PlannedHeat, PlannedLane, RankingRow, SourceRound } from "~/models/draw.server";
import { LANES_MAX, LANES_MIN, TOP_MAX } from "~/rules/draw";
import { type Column, DataTable } from "./DataTable";
import { Dialog } from "./Dialog";
import { PostForm } from "./PostForm";
import { Toasts } from "./Toasts";
import type { Toast } from "~/lib/toast";

export function NumberField({
  name,
  label,
  value,
  min,
  max,
  hint,
}: {
  name: string;
  label: string;
  value: number | string;
  min: number;
  max: number;
  hint?: ReactNode;
}) {
  const id = `draw-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        defaultValue={value}
        key={String(value)}
      />
      {hint ? <small className="hint">{hint}</small> : null}
    </div>
  );
}

/** A plan's saved fields: each name with one value or several (`from`). */
export type PlanFields = Record<string, string | number | readonly number[]>;

/**
 * One preview dialog (Generate Draw, Progress): the round it writes into, the GET form (the
 * dialog's own choices, then Top and Lanes per heat, then its buttons), the query's refusals, and
 * under it the plan (`children`: ranking, heats) with the POST form that saves it: the fields the
 * preview was made of as hidden inputs, Save and Cancel. `save` is null while nothing can be saved.
 */
export function PreviewDialog({
  title,
  toast,
  round,
  lead,
  choices,
  top,
  topHint,
  lanes,
  extraNumbers,
  buttons,
  queryErrors,
  children,
  save,
}: {
  title: string;
  toast: Toast | undefined;
  /** The round it writes into; Cancel and Close go back to its event's rounds. */
  round: { name: string; eventName: string; eventId: number };
  lead?: string;
  choices: ReactNode;
  top: number | string;
  topHint: string;
  lanes: number | string;
  extraNumbers?: ReactNode;
  buttons: ReactNode;
  queryErrors: string[];
  children?: ReactNode;
  save: { task: string; label: string; fields: PlanFields } | null;
}) {
  const { LABELS } = useMessages();
  const closeTo = `/rounds?event=${round.eventId}`;
  return (
    <Dialog title={title} closeTo={closeTo} wide>
      <Toasts toasts={[toast]} />
      <p>
        {lead ? `${lead} ` : null}
        <strong>{round.name}</strong> · {round.eventName}
      </p>
      <Form method="get" className="draw-form" preventScrollReset>
        <input type="hidden" name="event" value={round.eventId} />
        {choices}
        <div className="draw-numbers">
          <NumberField name="top" label={LABELS.rdTop} value={top} min={1} max={TOP_MAX} hint={topHint} />
          <NumberField
            name="lanes"
            label={LABELS.rdLanesPerHeat}
            value={lanes}
            min={LANES_MIN}
            max={LANES_MAX}
          />
          {extraNumbers}
        </div>
        <div className="actions">{buttons}</div>
      </Form>
      {queryErrors.length ? <PlanErrors errors={queryErrors} /> : null}
      {children}
      {save ? (
        <PostForm task={save.task} preventScrollReset className="actions">
          {Object.entries(save.fields).flatMap(([name, value]) =>
            (Array.isArray(value) ? value : [value]).map((v) => (
              <input key={`${name}-${v}`} type="hidden" name={name} value={v} />
            )),
          )}
          <button type="submit" className="btn btn-primary">
            {save.label}
          </button>
          <Link to={closeTo} className="btn" preventScrollReset>
            {LABELS.cancel}
          </Link>
        </PostForm>
      ) : null}
    </Dialog>
  );
}

/** The event's other rounds as checkboxes named `from`, each with its races and scores. */
export function SourceRounds({
  rounds,
  chosen,
  legend,
}: {
  rounds: SourceRound[];
  chosen: number[];
  legend: string;
}) {
  const { LABELS } = useMessages();
  return (
    <fieldset className="field draw-sources">
      <legend>{legend}</legend>
      {rounds.length === 0 ? <p className="hint">{LABELS.rdNoOtherRounds}</p> : null}
      {rounds.map((r) => (
        <label key={r.id} className="draw-check">
          <input
            type="checkbox"
            name="from"
            value={r.id}
            defaultChecked={chosen.includes(r.id)}
            key={`${r.id}-${chosen.includes(r.id)}`}
          />
          <span>
            {r.name} <small className="hint">{LABELS.rdSourceRaces(r.races, r.scored)}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The refusals of a plan (nothing is written while there are any). */
export function PlanErrors({ errors }: { errors: string[] }) {
  const { LABELS } = useMessages();
  if (errors.length === 0) return null;
  return (
    <div className="draw-refused" role="alert">
      <p>
        <strong>{LABELS.rdNothingSavable}</strong>
      </p>
      <ul className="errors">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/** A team with where it raced under it ("HEAT 1, lane 3"): one column that wraps on a phone. */
function TeamCell({ team, where }: { team: string; where?: string }) {
  return (
    <>
      {team}
      {where ? <small className="hint draw-where">{where}</small> : null}
    </>
  );
}

const rankingColumnsOf = ({ LABELS }: Bundle): Column<RankingRow & { n: number }>[] => [
  { label: LABELS.rdPlace, cell: (r) => r.place },
  {
    label: LABELS.team,
    cell: (r) => <TeamCell team={r.team} where={LABELS.rdWhereLane(r.round, r.lane)} />,
    className: "draw-wrap",
  },
  {
    label: LABELS.rdScore,
    cell: (r) =>
      r.problem ? (
        <strong className="draw-bad">{r.typed === "" ? LABELS.rdNoScore : `"${r.typed}"`}</strong>
      ) : (
        r.shown
      ),
  },
  { label: LABELS.rdThrough, cell: (r) => (r.qualifies ? LABELS.rdYes : "") },
];

export function RankingTable({ rows, caption }: { rows: RankingRow[]; caption: string }) {
  const t = useMessages();
  return (
    <DataTable
      columns={rankingColumnsOf(t)}
      rows={rows.map((r, n) => ({ ...r, n }))}
      rowKey={(r) => r.n}
      caption={caption}
    />
  );
}

function laneColumnsOf({ LABELS }: Bundle, seeded: boolean): Column<PlannedLane>[] {
  const lanes: Column<PlannedLane>[] = [
    { label: LABELS.rdLane, cell: (l) => l.lane },
    { label: LABELS.team, cell: (l) => l.team, className: "draw-wrap" },
  ];
  if (!seeded) return lanes;
  return [
    ...lanes,
    { label: LABELS.rdPlace, cell: (l) => l.place },
    { label: LABELS.rdScore, cell: (l) => l.shown },
  ];
}

/** The heats a save would write: "Heat 1: HEAT 1 (this round)", "Heat 2: HEAT 2 (a new round)". */
export function HeatsPreview({
  heats,
  roundId,
  seeded,
}: {
  heats: PlannedHeat[];
  roundId: number;
  seeded: boolean;
}) {
  const t = useMessages();
  const { LABELS } = t;
  const columns = laneColumnsOf(t, seeded);
  return (
    <>
      {heats.map((h, i) => {
        const where =
          h.roundId === roundId
            ? LABELS.rdThisRound
            : h.roundId === null
              ? LABELS.rdNewRound
              : LABELS.rdEmptyRound;
        const title = heats.length > 1 ? LABELS.rdHeatTitle(i + 1, h.name, where) : `${h.name} (${where})`;
        return (
          <section key={h.name} className="draw-heat" aria-label={title}>
            <h3>{title}</h3>
            <DataTable
              columns={columns}
              rows={h.lanes}
              rowKey={(l) => l.lane}
              caption={LABELS.rdLanesOf(h.name)}
            />
          </section>
        );
      })}
    </>
  );
}
