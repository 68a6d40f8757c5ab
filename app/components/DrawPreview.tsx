// The pieces the Generate Draw and Progress dialogs share (/rounds/:id/draw, /rounds/:id/progress):
// the source rounds to tick, a number box, the refusals, the ranking of the chosen rounds and the
// heats a save would write, each heat headed by the round it goes into.
import type { ReactNode } from "react";
import { type Column, DataTable } from "./DataTable";
import type { PlannedHeat, PlannedLane, RankingRow, SourceRound } from "~/models/draw.server";

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
  return (
    <fieldset className="field draw-sources">
      <legend>{legend}</legend>
      {rounds.length === 0 ? <p className="hint">This event has no other rounds yet.</p> : null}
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
            {r.name}{" "}
            <small className="hint">
              {r.races === 0
                ? "no races"
                : r.scored === r.races
                  ? `${r.races} races, all scored`
                  : `${r.races} races, ${r.scored} scored`}
            </small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The refusals of a plan (nothing is written while there are any). */
export function PlanErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="draw-refused" role="alert">
      <p>
        <strong>Nothing can be saved yet:</strong>
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

const rankingColumns: Column<RankingRow & { n: number }>[] = [
  { label: "Place", cell: (r) => r.place },
  {
    label: "Team",
    cell: (r) => <TeamCell team={r.team} where={`${r.round}, lane ${r.lane}`} />,
    className: "draw-wrap",
  },
  {
    label: "Score",
    cell: (r) =>
      r.problem ? (
        <strong className="draw-bad">{r.typed === "" ? "no score" : `"${r.typed}"`}</strong>
      ) : (
        r.shown
      ),
  },
  { label: "Through", cell: (r) => (r.qualifies ? "Yes" : "") },
];

export function RankingTable({ rows, caption }: { rows: RankingRow[]; caption: string }) {
  return (
    <DataTable
      columns={rankingColumns}
      rows={rows.map((r, n) => ({ ...r, n }))}
      rowKey={(r) => r.n}
      caption={caption}
    />
  );
}

const laneColumns: Column<PlannedLane>[] = [
  { label: "Lane", cell: (l) => l.lane },
  { label: "Team", cell: (l) => l.team, className: "draw-wrap" },
];
const seededColumns: Column<PlannedLane>[] = [
  ...laneColumns,
  { label: "Place", cell: (l) => l.place },
  { label: "Score", cell: (l) => l.shown },
];

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
  return (
    <>
      {heats.map((h, i) => {
        const where =
          h.roundId === roundId ? "this round" : h.roundId === null ? "a new round" : "an empty round";
        const title = heats.length > 1 ? `Heat ${i + 1}: ${h.name} (${where})` : `${h.name} (${where})`;
        return (
          <section key={h.name} className="draw-heat" aria-label={title}>
            <h3>{title}</h3>
            <DataTable
              columns={seeded ? seededColumns : laneColumns}
              rows={h.lanes}
              rowKey={(l) => l.lane}
              caption={`Lanes of ${h.name}`}
            />
          </section>
        );
      })}
    </>
  );
}
