// The Rounds screen's shared pieces: the table's columns (the progression plan in a few words with
// its Plan link, and Undo seeding where a plan seeded the round; the admin's row actions: Edit,
// Delete, Generate Draw, Progress), the Event picker (a GET form, also used by /races), and the Create
// Round / Edit form of both dialogs.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FastLink } from "~/components/FastLink";
import { SelectStep } from "~/components/SelectStep";
import type { Column } from "~/components/DataTable";
import { Field, SelectField, TextareaField } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import type { EventProgression, SavedPlan } from "~/models/progression.server";
import type { EventOption, RoundRow } from "~/models/round.server";
import { useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { ROUND_MAX } from "~/rules/race-fields";
import { RACE_NUMBER_MAX } from "~/rules/timetable";

/** A plan in a few words: "From HEAT 1, HEAT 2: top 3 each + 1 time". */
export function planSummary(LABELS: Bundle["LABELS"], plan: SavedPlan): string {
  const from = plan.sources.map((s) => s.name).join(", ");
  return plan.mode === "TIME"
    ? LABELS.pgSummaryTime(from, plan.count)
    : LABELS.pgSummaryPlace(from, plan.count, plan.plusTimes);
}

export const roundColumnsOf = (
  { LABELS }: Bundle,
  progression: EventProgression = { plans: [], seeded: [] },
): Column<RoundRow>[] => [
  { label: "#", cell: (r) => r.id },
  {
    label: LABELS.name,
    // On a phone the Description column folds under the name.
    cell: (r) => (
      <>
        {r.name}
        <span className="round-desc-inline">{r.description}</span>
      </>
    ),
    csv: (r) => r.name,
    className: "cell-text",
  },
  { label: LABELS.rdDescription, cell: (r) => r.description, className: "cell-wrap round-desc" },
  {
    label: LABELS.rdRacesCol,
    cell: (r) => (
      <FastLink
        to={`/races?event=${r.eventId}&round=${r.id}`}
        aria-label={LABELS.rdRacesOfLink(r.races, r.name)}
      >
        {r.races}
      </FastLink>
    ),
    csv: (r) => r.races,
  },
  {
    label: LABELS.pgColPlan,
    cell: (r) => <PlanCell row={r} progression={progression} />,
    csv: (r) => {
      const plan = progression.plans.find((p) => p.toRoundId === r.id);
      return plan ? planSummary(LABELS, plan) : "";
    },
    className: "round-plan",
  },
  {
    label: LABELS.colActions,
    cell: (r) => <RoundActions row={r} />,
    csv: () => null,
    className: "cell-actions",
  },
];

function PlanCell({ row, progression }: { row: RoundRow; progression: EventProgression }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  const plan = progression.plans.find((p) => p.toRoundId === row.id);
  const seeded = progression.seeded.includes(row.id);
  return (
    <>
      {plan ? <span className="round-plan-text">{planSummary(LABELS, plan)}</span> : null}{" "}
      <FastLink
        to={`/rounds/${row.id}/plan${search}`}
        preventScrollReset
        aria-label={LABELS.pgPlanOf(row.name)}
      >
        {LABELS.pgPlan}
      </FastLink>
      {seeded ? (
        <>
          {" "}
          <small className="hint">{LABELS.pgSeeded}</small>{" "}
          <FastLink
            to={`/rounds/${row.id}/unseed${search}`}
            preventScrollReset
            aria-label={LABELS.pgUnseedOf(row.name)}
          >
            {LABELS.pgUnseed}
          </FastLink>
        </>
      ) : null}
    </>
  );
}

function RoundActions({ row }: { row: RoundRow }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <span className="row-actions">
      <FastLink
        to={`/rounds/${row.id}/edit${search}`}
        preventScrollReset
        aria-label={LABELS.rdEditOf(row.name)}
      >
        {LABELS.rdEdit}
      </FastLink>{" "}
      <FastLink
        to={`/rounds/${row.id}/delete${search}`}
        preventScrollReset
        aria-label={LABELS.rdDeleteOf(row.name)}
      >
        {LABELS.rdDelete}
      </FastLink>{" "}
      <FastLink
        to={`/rounds/${row.id}/draw${search}`}
        preventScrollReset
        aria-label={LABELS.rdGenerateDrawFor(row.name)}
      >
        {LABELS.rdGenerateDraw}
      </FastLink>{" "}
      <FastLink
        to={`/rounds/${row.id}/progress${search}`}
        preventScrollReset
        aria-label={LABELS.rdProgressOf(row.name)}
      >
        {LABELS.rdProgress}
      </FastLink>{" "}
      <FastLink to={`/rounds/${row.id}/results`} aria-label={LABELS.rsResultsOf(row.name)}>
        {LABELS.rsResults}
      </FastLink>
    </span>
  );
}

/** The Event step: a GET form with a select of the live events and its button (no submit on
 * change: a keyboard user moving through the select would leave the page at every step). */
export function EventPicker({
  events,
  eventId,
  action,
  submitLabel,
}: {
  events: EventOption[];
  eventId: number | null;
  action: string;
  submitLabel: string;
}) {
  const { LABELS } = useMessages();
  return (
    <SelectStep
      id="pick-event"
      name="event"
      label={LABELS.event}
      placeholder={LABELS.rdSelectEvent}
      options={events.map((e) => ({ value: e.id, label: e.name }))}
      value={eventId}
      submitLabel={submitLabel}
      action={action}
    />
  );
}

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
