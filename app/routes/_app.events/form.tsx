// The Create Event / Edit form of both dialogs, apart from table.tsx so that the Events table's
// pages do not load the form toolkit (conform) they do not use (issue 30).
import { getFormProps, getInputProps, useForm } from "~/components/form-state";
import { CheckboxField, Field, TextareaField } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";
import { EVENT_COUNTS, EVENT_MAX, type EventCount } from "~/rules/event-fields";

const COUNT_FIELDS: EventCount[] = [
  "maxTeam",
  "reserveCount",
  "minRace",
  "maxRace",
  "maxMale",
  "minFemale",
  "minAge",
  "maxAge",
];

/** The Create Event / Edit form; `defaultValue` is the event's values as text. */
export function EventForm({
  defaultValue,
  lastResult,
  submitLabel,
  task,
}: {
  defaultValue: Record<string, string>;
  lastResult: unknown;
  submitLabel: string;
  task: string;
}) {
  const { LABELS } = useMessages();
  const [form, fields] = useForm({
    defaultValue,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  return (
    <PostForm task={task} {...getFormProps(form)} noValidate preventScrollReset className="form-grid">
      <Field label={LABELS.name} field={fields.name}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={EVENT_MAX.name}
          autoComplete="off"
        />
      </Field>
      <Field label={LABELS.priceRM} field={fields.price} hint={LABELS.priceHint}>
        <input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" maxLength={12} />
      </Field>
      <TextareaField
        label={LABELS.description}
        field={fields.description}
        maxLength={EVENT_MAX.description}
        rows={3}
      />
      {COUNT_FIELDS.map((key) => (
        <Field key={key} label={LABELS.eventCounts[key]} field={fields[key]}>
          <input
            {...getInputProps(fields[key], { type: "number" })}
            min={EVENT_COUNTS[key].min}
            max={EVENT_COUNTS[key].max}
            step={1}
          />
        </Field>
      ))}
      <CheckboxField label={LABELS.malaysiaOnly} field={fields.limitMalaysia} />
      <button type="submit" className="btn btn-primary btn-block">
        {submitLabel}
      </button>
    </PostForm>
  );
}
