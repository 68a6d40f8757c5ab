// Race control's Schedule (ADMIN): the rounds ticked in the timetable (their boxes carry this
// form's id), numbered from a first race number, started from a first start, minutes apart.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/components/form-state";
import { Field } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";
import { GAP_MINUTES_MAX, RACE_NUMBER_MAX } from "~/rules/timetable";

/** The form's id: the table's tick boxes belong to it (`form=`; ./table.server.ts). */
export const SCHEDULE_FORM = "rc-schedule";

export function ScheduleForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { LABELS } = useMessages();
  const [form, fields] = useForm<{
    firstNumber: string;
    firstStart: string;
    gapMinutes: string;
    ids: string[];
  }>({
    id: SCHEDULE_FORM,
    defaultValue: { gapMinutes: "6" },
    lastResult,
  });
  return (
    <section className="rc-schedule card" aria-labelledby="rc-schedule-head">
      <h2 id="rc-schedule-head" className="table-title">
        {LABELS.rcSchedule}
      </h2>
      <p className="hint" id="rc-schedule-hint">
        {LABELS.rcScheduleHint}
      </p>
      <PostForm
        task={LABELS.rcTaskScheduling}
        preventScrollReset
        className="rc-schedule-form"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="schedule" />
        <Field label={LABELS.rcFirstRaceNumber} field={fields.firstNumber}>
          <input
            {...getInputProps(fields.firstNumber, { type: "number" })}
            min={1}
            max={RACE_NUMBER_MAX}
            step={1}
            inputMode="numeric"
            required
          />
        </Field>
        <Field label={LABELS.rcFirstStart} field={fields.firstStart}>
          <input {...getInputProps(fields.firstStart, { type: "datetime-local" })} required />
        </Field>
        <Field label={LABELS.rcGapMinutes} field={fields.gapMinutes}>
          <input
            {...getInputProps(fields.gapMinutes, { type: "number" })}
            min={1}
            max={GAP_MINUTES_MAX}
            step={1}
            inputMode="numeric"
            required
          />
        </Field>
        <button type="submit" className="btn btn-primary">
          {LABELS.rcSchedule}
        </button>
      </PostForm>
    </section>
  );
}
