// The Create Round / Edit form of both dialogs, apart from components/RoundTables.tsx so that the
// Rounds table's pages do not load the form toolkit (conform) they do not use (issue 30).
import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import { useEffect, useState } from "react";
import { Field, SelectField, TextareaField } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import type { EventOption } from "~/models/round.server";
import { useMessages } from "~/i18n/useMessages";
import { ROUND_MAX } from "~/rules/race-fields";
import { RACE_NUMBER_MAX } from "~/rules/timetable";

/** Create Round (with the Event select) and Edit (name and description). `nameCleared` counts the
 * refusals that empty the name box ('Round already exist': the spec clears the name); each one
 * remounts the box empty (with JavaScript too; not back at the round's name on Edit). */
export function RoundForm({
  events,
  defaultValue,
  lastResult,
  submitLabel,
  task,
  nameCleared,
}: {
  events?: EventOption[];
  defaultValue: Record<string, string>;
  lastResult: unknown;
  submitLabel: string;
  task: string;
  nameCleared: number;
}) {
  const [form, fields] = useForm({
    defaultValue,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  const { LABELS } = useMessages();
  return (
    <PostForm task={task} {...getFormProps(form)} noValidate preventScrollReset>
      {events ? (
        <SelectField
          label={LABELS.event}
          field={fields.event}
          placeholder={LABELS.rdSelectEvent}
          options={events.map((e) => ({ value: e.id, label: e.name }))}
        />
      ) : null}
      <Field label={LABELS.name} field={fields.name} hint={LABELS.rdRoundNameHint}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          {...(nameCleared > 0 ? { defaultValue: "" } : {})}
          key={`name-${nameCleared}`}
          maxLength={ROUND_MAX.name}
          autoComplete="off"
        />
      </Field>
      <TextareaField
        label={LABELS.rdDescription}
        field={fields.description}
        maxLength={ROUND_MAX.description}
        rows={3}
      />
      <Field label={LABELS.rcRaceNumber} field={fields.raceNumber}>
        <input
          {...getInputProps(fields.raceNumber, { type: "number" })}
          min={1}
          max={RACE_NUMBER_MAX}
          step={1}
          inputMode="numeric"
          autoComplete="off"
        />
      </Field>
      <Field label={LABELS.rcScheduledStart} field={fields.scheduledAt} hint={LABELS.rcScheduledHint}>
        <input {...getInputProps(fields.scheduledAt, { type: "datetime-local" })} />
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        {submitLabel}
      </button>
    </PostForm>
  );
}

/** How many times 'Round already exist' has emptied the name box (without JavaScript the server's
 * reply already leaves the name out; with it, the box must be remounted). */
export function useNameCleared(data: { toast?: { message: string } } | undefined): number {
  const [cleared, setCleared] = useState(0);
  const { MSG } = useMessages();
  useEffect(() => {
    if (data?.toast?.message === MSG.roundExists) setCleared((n) => n + 1);
  }, [data, MSG]);
  return cleared;
}
