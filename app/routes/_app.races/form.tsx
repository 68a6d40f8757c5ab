// The Create Race and Edit forms of the Races dialogs, apart from table.tsx so that the Races
// table's pages do not load the form toolkit (conform) they do not use (issue 30).
import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import { Field, SelectField } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import type { TeamOption } from "~/models/race.server";
import type { RoundRow } from "~/models/round.server";
import { useMessages } from "~/i18n/useMessages";
import { LANE_MAX, SCORE_MAX } from "~/rules/race-fields";

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
  const { LABELS } = useMessages();
  return (
    <PostForm task={LABELS.rdTaskCreatingRace} {...getFormProps(form)} noValidate preventScrollReset>
      <SelectField
        label={LABELS.rdRound}
        field={fields.round}
        placeholder={LABELS.rdSelectRound}
        options={rounds.map((r) => ({ value: r.id, label: r.name }))}
      />
      <Field label={LABELS.rdLane} field={fields.lane}>
        <input {...getInputProps(fields.lane, { type: "text" })} maxLength={LANE_MAX} autoComplete="off" />
      </Field>
      <SelectField
        label={LABELS.eventTeam}
        field={fields.team}
        placeholder={LABELS.rdSelectEventTeam}
        options={teams.map((t) => ({ value: t.id, label: t.name }))}
      />
      <button type="submit" className="btn btn-primary btn-block">
        {LABELS.rdCreateRace}
      </button>
    </PostForm>
  );
}

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
  const { LABELS } = useMessages();
  return (
    <PostForm task={LABELS.rdTaskUpdatingRace} {...getFormProps(form)} noValidate preventScrollReset>
      <Field label={LABELS.rdLane} field={fields.lane}>
        <input {...getInputProps(fields.lane, { type: "text" })} maxLength={LANE_MAX} autoComplete="off" />
      </Field>
      <Field label={LABELS.rdScore} field={fields.score} hint={LABELS.rdScoreHint}>
        <input {...getInputProps(fields.score, { type: "text" })} maxLength={SCORE_MAX} autoComplete="off" />
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        {LABELS.rdUpdateRace}
      </button>
    </PostForm>
  );
}
