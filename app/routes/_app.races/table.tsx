// The Races screen's shared pieces: the table's columns (the CSV's, then Edit for the results desk
// and Delete for ADMIN: ADR 0016), the Round step of the picker, the Create Race and Edit forms
// (form.tsx), and the Enter Scores form (one score box per race, one Save Scores).
import { useLocation } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { SelectStep } from "~/components/SelectStep";
import type { Column } from "~/components/DataTable";
import { PostForm } from "~/components/PostForm";
import type { RaceRow } from "~/models/race.server";
import type { RoundRow } from "~/models/round.server";
import { useMessages } from "~/i18n/useMessages";
import { type Bundle, EN } from "~/i18n/en";
import { SCORE_MAX } from "~/rules/race-fields";

export const raceColumnsOf = ({ LABELS }: Bundle): Column<RaceRow>[] => [
  { label: "#", cell: (r) => r.id },
  { label: LABELS.eventTeam, cell: (r) => r.teamName, className: "cell-text" },
  { label: LABELS.rdLane, cell: (r) => r.lane },
  { label: LABELS.rdScore, cell: (r) => r.score ?? "", csv: (r) => r.score ?? "" },
];
/** The CSV's columns: English, the spec's names. */
export const raceColumns = /* @__PURE__ */ raceColumnsOf(EN);

/** The table on screen: the results desk (COMMITTEE) gets Edit only, ADMIN Edit and Delete. */
export const screenRaceColumnsOf = (t: Bundle, canDelete: boolean): Column<RaceRow>[] => [
  ...raceColumnsOf(t),
  {
    label: t.LABELS.colActions,
    cell: (r) => <RaceActions row={r} canDelete={canDelete} />,
    csv: () => null,
    className: "cell-actions",
  },
];

function RaceActions({ row, canDelete }: { row: RaceRow; canDelete: boolean }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  const who = LABELS.rdRaceWho(row.teamName, row.lane);
  return (
    <span className="row-actions">
      <FastLink to={`/races/${row.id}/edit${search}`} preventScrollReset aria-label={LABELS.rdEditOf(who)}>
        {LABELS.rdEdit}
      </FastLink>
      {canDelete ? (
        <>
          {" "}
          <FastLink
            to={`/races/${row.id}/delete${search}`}
            preventScrollReset
            aria-label={LABELS.rdDeleteOf(who)}
          >
            {LABELS.rdDelete}
          </FastLink>
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
  const { LABELS } = useMessages();
  return (
    <SelectStep
      id="pick-round"
      name="round"
      label={LABELS.rdRound}
      placeholder={LABELS.rdSelectRound}
      options={rounds.map((r) => ({ value: r.id, label: LABELS.rdRoundOption(r.name, r.races) }))}
      value={roundId}
      hidden={{ event: eventId }}
      submitLabel={LABELS.rdShowRaces}
      action="/races"
    />
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
  const { LABELS } = useMessages();
  return (
    <PostForm task={LABELS.rdTaskSavingScores} action={action} preventScrollReset className="scores-form">
      <input type="hidden" name="round" value={roundId} />
      <p className="hint">
        {LABELS.rdScoreHint}. {LABELS.rdScoresEmptyHint}
      </p>
      {error ? (
        <p className="crew-error" role="alert">
          {error}
        </p>
      ) : null}
      <ol className="scores-list">
        {races.map((r) => (
          <li key={r.id} className="field scores-row">
            <label htmlFor={`score-${r.id}`}>
              <span className="scores-lane">{LABELS.rdLaneN(r.lane)}</span>{" "}
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
          {LABELS.rdSaveScores}
        </button>
        <FastLink to={cancelTo} className="btn" preventScrollReset>
          {LABELS.cancel}
        </FastLink>
      </div>
    </PostForm>
  );
}
