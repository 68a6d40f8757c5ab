// The Races screen's shared pieces: the table's columns (the CSV's, then Edit for the results desk
// and Delete for ADMIN: ADR 0016), the Round step of the picker, the Create Race and Edit forms,
// and the Enter Scores form (one score box per race, one Save Scores).
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { SelectStep } from "~/components/SelectStep";
import type { Column } from "~/components/DataTable";
import { Field } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import type { RaceRow, TeamOption } from "~/models/race.server";
import type { RoundRow } from "~/models/round.server";
import { LANE_MAX, SCORE_MAX } from "~/rules/race-fields";

export const raceColumns: Column<RaceRow>[] = [
  { label: "#", cell: (r) => r.id },
  { label: "Event Team", cell: (r) => r.teamName, className: "cell-text" },
  { label: "Lane", cell: (r) => r.lane },
  { label: "Score", cell: (r) => r.score ?? "", csv: (r) => r.score ?? "" },
];

/** The results desk's table (COMMITTEE): Edit only. */
export const deskRaceColumns: Column<RaceRow>[] = [
  ...raceColumns,
  {
    label: "Actions",
    cell: (r) => <RaceActions row={r} canDelete={false} />,
    csv: () => null,
    className: "cell-actions",
  },
];

/** ADMIN's table: Edit and Delete. */
export const adminRaceColumns: Column<RaceRow>[] = [
  ...raceColumns,
  {
    label: "Actions",
    cell: (r) => <RaceActions row={r} canDelete />,
    csv: () => null,
    className: "cell-actions",
  },
];

function RaceActions({ row, canDelete }: { row: RaceRow; canDelete: boolean }) {
  const { search } = useLocation();
  const who = `${row.teamName} (lane ${row.lane})`;
  return (
    <span className="row-actions">
      <Link to={`/races/${row.id}/edit${search}`} preventScrollReset aria-label={`Edit ${who}`}>
        Edit
      </Link>
      {canDelete ? (
        <>
          {" "}
          <Link to={`/races/${row.id}/delete${search}`} preventScrollReset aria-label={`Delete ${who}`}>
            Delete
          </Link>
        </>
      ) : null}
    </span>
  );
}

/** The Round step: a GET form carrying the event, with a select of its rounds. */
export function RoundPicker({
  eventId,
  rounds,
  roundId,
}: {
  eventId: number;
  rounds: Pick<RoundRow, "id" | "name" | "races">[];
  roundId: number | null;
}) {
  return (
    <SelectStep
      id="pick-round"
      name="round"
      label="Round"
      placeholder="Select a round"
      options={rounds.map((r) => ({
        value: r.id,
        label: `${r.name} (${r.races} ${r.races === 1 ? "race" : "races"})`,
      }))}
      value={roundId}
      hidden={{ event: eventId }}
      submitLabel="Show Races"
      action="/races"
    />
  );
}

/** Create Race: the round (the event's rounds), a lane and one of the event's teams not yet in the
 * round. */
export function CreateRaceForm({
  rounds,
  teams,
  defaultValue,
  lastResult,
}: {
  rounds: Pick<RoundRow, "id" | "name">[];
  teams: TeamOption[];
  defaultValue: Record<string, string>;
  lastResult: unknown;
}) {
  const [form, fields] = useForm({
    defaultValue,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  return (
    <PostForm task="Creating race" {...getFormProps(form)} noValidate preventScrollReset>
      <Field label="Round" field={fields.round}>
        <select {...getSelectProps(fields.round)}>
          <option value="">Select a round</option>
          {rounds.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Lane" field={fields.lane}>
        <input {...getInputProps(fields.lane, { type: "text" })} maxLength={LANE_MAX} autoComplete="off" />
      </Field>
      <Field label="Event Team" field={fields.team}>
        <select {...getSelectProps(fields.team)}>
          <option value="">Select an event team</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        Create Race
      </button>
    </PostForm>
  );
}

export const SCORE_HINT = "A time (2:01.34 or 58.20), a place, DNS, DNF or DSQ";

/** Edit: lane (required) and score (optional). */
export function EditRaceForm({
  defaultValue,
  lastResult,
}: {
  defaultValue: Record<string, string>;
  lastResult: unknown;
}) {
  const [form, fields] = useForm({
    defaultValue,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  return (
    <PostForm task="Updating race" {...getFormProps(form)} noValidate preventScrollReset>
      <Field label="Lane" field={fields.lane}>
        <input {...getInputProps(fields.lane, { type: "text" })} maxLength={LANE_MAX} autoComplete="off" />
      </Field>
      <Field label="Score" field={fields.score} hint={SCORE_HINT}>
        <input {...getInputProps(fields.score, { type: "text" })} maxLength={SCORE_MAX} autoComplete="off" />
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        Update Race
      </button>
    </PostForm>
  );
}

/** Enter Scores: one labelled box per race (team and lane), the score the form showed beside it
 * (`was`, so only changed boxes are written), one Save Scores. `typed` brings back what was sent
 * when the server refused it. */
export function ScoresForm({
  action,
  roundId,
  races,
  typed,
  error,
  cancelTo,
}: {
  action: string;
  roundId: number;
  races: RaceRow[];
  typed: Record<string, string> | null;
  error: string | null;
  cancelTo: string;
}) {
  return (
    <PostForm task="Saving scores" action={action} preventScrollReset className="scores-form">
      <input type="hidden" name="round" value={roundId} />
      <p className="hint">{SCORE_HINT}. Leave a box empty for no score yet.</p>
      {error ? (
        <p className="crew-error" role="alert">
          {error}
        </p>
      ) : null}
      <ol className="scores-list">
        {races.map((r) => (
          <li key={r.id} className="field scores-row">
            <label htmlFor={`score-${r.id}`}>
              <span className="scores-lane">Lane {r.lane}</span>{" "}
              <span className="scores-team">{r.teamName}</span>
            </label>
            <input type="hidden" name="race" value={r.id} />
            <input type="hidden" name="was" value={r.score ?? ""} />
            <input
              id={`score-${r.id}`}
              name="score"
              type="text"
              defaultValue={typed?.[r.id] ?? r.score ?? ""}
              maxLength={SCORE_MAX}
              autoComplete="off"
              spellCheck={false}
            />
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="submit" className="btn btn-primary">
          Save Scores
        </button>
        <Link to={cancelTo} className="btn" preventScrollReset>
          Cancel
        </Link>
      </div>
    </PostForm>
  );
}
