// The staff training screens' forms (issue 11 items 4 and 6): New Session / Edit Session and the
// Approve / Reject form, apart from components/TrainingTables.tsx so that the tables' pages do not
// load the form toolkit (conform) they do not use (issue 30).
import { getFormProps, getInputProps, getTextareaProps, useForm } from "~/components/form-state";
import { type FocusEvent, useRef, useState } from "react";
import { Field } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import type { Bundle } from "~/i18n/en";
import { useMessages } from "~/i18n/useMessages";
import {
  MAX_BOAT,
  REJECT_REASON_MAX,
  type ReservationAction,
  previousName,
  SESSION_TIME_FIELDS,
  SESSION_TIME_RANGE,
  type SessionTimeField,
} from "~/rules/training-fields";

/** New Session and Edit Session: Start Time, End Time (datetime inputs, Malaysia time) and Max
 * Boats. The browser's own checks are off (noValidate), so the spec's sentences come from the
 * server, with everything typed kept, except an invalid date: that box keeps its previous value
 * (the spec). With JavaScript the box goes back as the user leaves it; without (or when the form
 * is sent from the box with Enter), the server refuses it and answers with the previous value,
 * which each box's hidden twin carries. */
export function SessionForm({
  defaultValue,
  lastResult,
  submitLabel,
  task,
}: {
  defaultValue: { startTime: string; endTime: string; maxBoat: string };
  lastResult: unknown;
  submitLabel: string;
  task: string;
}) {
  const [form, fields] = useForm({
    defaultValue,
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  const { LABELS } = useMessages();
  // What the server answered last (with JavaScript conform keeps its first initial value): each
  // answer remounts the time boxes with it, so a box put back by the server shows its old value.
  const answered = (lastResult as { initialValue?: Record<string, unknown> } | undefined)?.initialValue;
  const seen = useRef({ result: lastResult, answers: 0 });
  if (seen.current.result !== lastResult)
    seen.current = { result: lastResult, answers: seen.current.answers + 1 };
  const { answers } = seen.current;
  const shownIn = (name: SessionTimeField) =>
    answered ? String(answered[name] ?? "") : (fields[name].initialValue ?? "");
  const timeBox = (name: SessionTimeField) => {
    const field = fields[name];
    const shown = shownIn(name);
    return (
      <Field
        label={LABELS[name === "startTime" ? "trStartTime" : "trEndTime"]}
        field={field}
        hint={LABELS.trMalaysiaTime}
      >
        <input
          {...getInputProps(field, { type: "datetime-local" })}
          key={`${name}-${answers}`}
          defaultValue={shown}
          min={SESSION_TIME_RANGE.min}
          max={SESSION_TIME_RANGE.max}
          onFocus={rememberTime}
          onBlur={keepPreviousTime}
        />
      </Field>
    );
  };
  return (
    <PostForm task={task} {...getFormProps(form)} noValidate preventScrollReset>
      {SESSION_TIME_FIELDS.map((name) => (
        <input key={`${name}-was-${answers}`} type="hidden" name={previousName(name)} value={shownIn(name)} />
      ))}
      {timeBox("startTime")}
      {timeBox("endTime")}
      <Field label={LABELS.trMaxBoats} field={fields.maxBoat} hint={LABELS.trAtLeast(MAX_BOAT.min)}>
        <input
          {...getInputProps(fields.maxBoat, { type: "number" })}
          min={MAX_BOAT.min}
          max={MAX_BOAT.max}
          step={1}
          inputMode="numeric"
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-block">
        {submitLabel}
      </button>
    </PostForm>
  );
}

/** A date the browser itself finds invalid: half typed, or outside the box's min and max. */
function invalidTime(box: HTMLInputElement): boolean {
  const v = box.validity;
  return v.badInput || v.rangeUnderflow || v.rangeOverflow;
}

/** On entering a time box: remember its value while it is a valid one (or empty). */
function rememberTime(event: FocusEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  if (!invalidTime(box)) box.dataset.was = box.value;
}

/** On leaving it: an invalid date goes back to the remembered value. */
function keepPreviousTime(event: FocusEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  if (invalidTime(box)) box.value = box.dataset.was ?? "";
  else box.dataset.was = box.value;
}

const actionLabels = ({ LABELS }: Bundle): Record<ReservationAction, string> => ({
  APPROVE: LABELS.approve,
  REJECT: LABELS.trReject,
});

function actionOf(value: unknown): ReservationAction | null {
  return value === "APPROVE" || value === "REJECT" ? value : null;
}

/**
 * The Approve / Reject form: the action select ('Select an action' first, disabled), then what the
 * chosen action needs: for Reject the reject reason and a Reject button, for Approve an Approve
 * button. Each button carries its own action (`action`), so the button pressed is what happens, on
 * the first press and without JavaScript too; the select (no name: it only chooses) shows the
 * chosen action's part through CSS (`.decision-form:has(...)` in app.css), so the page is the same
 * with and without JavaScript. A browser without `:has` shows both parts; the buttons still say
 * what they do.
 */
export function DecisionForm({ lastResult }: { lastResult: unknown }) {
  const [form, fields] = useForm({
    defaultValue: { action: "", rejectReason: "" },
    // biome-ignore lint/suspicious/noExplicitAny: conform's reply shape
    lastResult: lastResult as any,
  });
  const kept = actionOf(fields.action.initialValue);
  const [chosen, setChosen] = useState<ReservationAction | null>(kept);
  const t = useMessages();
  const { MSG, LABELS } = t;
  const ACTION_LABEL = actionLabels(t);
  return (
    <PostForm
      task={chosen === "REJECT" ? LABELS.trTaskRejecting : LABELS.trTaskDeciding}
      {...getFormProps(form)}
      className="decision-form"
      noValidate
      preventScrollReset
    >
      <Field label={LABELS.trAction} field={fields.action}>
        <select
          id={fields.action.id}
          defaultValue={kept ?? ""}
          onChange={(e) => setChosen(actionOf(e.target.value))}
        >
          <option value="" disabled>
            {MSG.reservationSelectAction}
          </option>
          <option value="APPROVE">{ACTION_LABEL.APPROVE}</option>
          <option value="REJECT">{ACTION_LABEL.REJECT}</option>
        </select>
      </Field>
      <div className="for-reject">
        <Field label={LABELS.trRejectReason} field={fields.rejectReason} hint={MSG.rejectReasonHint}>
          <textarea
            {...getTextareaProps(fields.rejectReason)}
            placeholder={MSG.rejectReasonPlaceholder}
            maxLength={REJECT_REASON_MAX}
            rows={3}
          />
        </Field>
        <button type="submit" name="action" value="REJECT" className="btn btn-danger btn-block">
          {ACTION_LABEL.REJECT}
        </button>
      </div>
      <div className="for-approve">
        <button type="submit" name="action" value="APPROVE" className="btn btn-primary btn-block">
          {ACTION_LABEL.APPROVE}
        </button>
      </div>
    </PostForm>
  );
}
